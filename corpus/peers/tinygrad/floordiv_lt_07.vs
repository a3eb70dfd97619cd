# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_floordiv_lt[7]
idx: index in [0, 24]
(idx - 20) // -4 < 2 --> 12 < idx
