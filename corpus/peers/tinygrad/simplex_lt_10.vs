# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_simplex_lt[10]
a: index in [0, 3]
b: index in [0, 3]
c: index in [0, 3]
a + b * 2 + c * 4 < 1 != true --> a + b + c < 1 != true
