# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_simplex_lt[1]
a: index in [0, 3]
a <= 2 --> 2 < a != true
