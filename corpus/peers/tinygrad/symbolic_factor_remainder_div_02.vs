# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_symbolic_factor_remainder_div[2]
a: index in [0, 10]
b: index in [0, 10]
d: index in [1, 10]
(d * a * 20 + b * d * 5 + 10) // (5 * d) --> b + a * 4 + 2 // d
