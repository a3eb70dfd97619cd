# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sum_div_some_partial_factor[0]
a: index in [0, 7]
b: index in [0, 7]
(a * 6 + b * 6) // 16 --> (a * 3 + b * 3) // 8
