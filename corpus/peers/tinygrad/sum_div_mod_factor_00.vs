# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sum_div_mod_factor[0]
a: index in [0, 7]
b: index in [0, 3]
(a * 4 + b * 4) // 2 --> a * 2 + b * 2
