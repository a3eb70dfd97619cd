# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_by_factor_tie_break[0]
a: index in [0, 1]
b: index in [0, 1]
(a * 2 + b * 3 + 2) // 6 --> (a + b + 1) // 3
