# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_floordiv_lt[4]
idx: index in [0, 24]
idx // -4 < -5 --> 20 < idx
