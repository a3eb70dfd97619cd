# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_symbolic_gcd_div[1]
# note: the peer does not check this case with z3
a: index in [-10, 10]
b: index in [-10, 10]
d1: index in [1, 10]
d2: index in [-10, -1]
d1 * a * d2 * b * d1 // (d1 * d2) --> a * (b * d1)
