# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_symbolic_factor_remainder_div[1]
a: index in [0, 10]
b: index in [0, 10]
d: index in [1, 10]
(d * a * 20 + b) // (5 * d) --> a * 4 + b // (d * 5)
