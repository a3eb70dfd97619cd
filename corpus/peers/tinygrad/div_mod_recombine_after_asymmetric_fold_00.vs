# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_after_asymmetric_fold[0]
a: index in [0, 7]
b: index in [0, 14]
(a * 15 + b) // 10 * 10 + (a * 15 + b) % 10 --> a * 10 + (a + b // 5) // 2 * 10 + (b + a * 5) % 10
