# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_folded_mod[1]
b: index in [0, 100]
(31 * b + 1) % 18 + (31 * b + 1) // 18 * 18 --> b * 31 + 1
