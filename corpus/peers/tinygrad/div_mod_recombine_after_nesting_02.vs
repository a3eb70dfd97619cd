# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_after_nesting[2]
a: index in [0, 7]
b: index in [0, 1]
(a * 6 + b) // 12 * 12 + (a * 6 + b) % 12 --> b + a * 6
