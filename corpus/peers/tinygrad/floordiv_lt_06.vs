# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_floordiv_lt[6]
idx: index in [0, 24]
(idx - 10) // -4 < 0 --> 8 < idx + -2
