# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_into_mod[0]
idx: index in [0, 16]
idx * 4 % 8 // 4 --> idx % 2
