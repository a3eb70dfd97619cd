# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_lt_sum_factor_rhs_all[0]
a: index in [0, 6]
b: index in [0, 6]
c: index in [0, 6]
a * 6 + b * 4 + c * 8 < 2 --> a * 3 + b * 2 + c * 4 < 1
