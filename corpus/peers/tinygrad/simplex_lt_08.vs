# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_simplex_lt[8]
a: index in [0, 3]
d: index in [-3, 3]
a * 3 + d * 4 < 1 != true --> a * 3 + d * 4 < 1 != true
