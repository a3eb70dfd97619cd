# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sub_1[0]
a: index in [0, 8]
a - 1 --> a + -1
