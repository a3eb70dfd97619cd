# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_floordiv_lt[2]
idx: index in [0, 24]
(idx - 10) // 4 < 0 --> idx < 10
