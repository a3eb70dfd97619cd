# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_partial_quotient[1]
b: index in [0, 100]
(19 * b + 3) // 7 --> (b * 5 + 3) // 7 + b * 2
