# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_floordiv_factor_nest_negative_numerator[0]
a: index in [-10, 10]
b: index in [0, 3]
(a * 4 + b) // 12 --> a // 3
