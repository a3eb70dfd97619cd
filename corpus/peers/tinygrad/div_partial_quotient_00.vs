# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_partial_quotient[0]
b: index in [0, 100]
(31 * b + 1) // 18 --> (b * 13 + 1) // 18 + b
