# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_floordiv_lt_negative_c[0]
idx: index in [-20, 20]
idx // 4 < 0 --> idx < 0
