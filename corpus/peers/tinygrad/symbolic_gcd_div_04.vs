# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_symbolic_gcd_div[4]
# note: the peer does not check this case with z3
a: index in [-10, 10]
b: index in [-10, 10]
d1: index in [1, 10]
d2: index in [-10, -1]
(3 * a * d1 + 9 * b * d1) // (3 * d1 * d2) --> (a + b * 3) // d2
