# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_simplex_lt[5]
a: index in [0, 3]
b: index in [0, 3]
a + b < 1 != true --> a + b < 1 != true
