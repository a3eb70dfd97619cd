# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_simplex_lt[4]
a: index in [0, 3]
a < 1 != true --> a < 1 != true
