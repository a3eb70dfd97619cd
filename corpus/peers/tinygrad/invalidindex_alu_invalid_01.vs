# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestInvalidIndex.test_alu_invalid[1]
invalid * 0 --> invalid
