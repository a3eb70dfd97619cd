# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_simplex_lt[3]
a: index in [0, 3]
1 <= a --> a < 1 != true
