# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_symbolic_const_gcd[0]
a: index in [-10, 10]
b: index in [-10, 10]
d: index in [1, 10]
(3 * a + 9 * b) // (3 * d) --> (a + b * 3) // d
