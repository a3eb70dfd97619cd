# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_folded_mod[0]
a: index in [0, 2]
(31 * a + 1) % 30 + (31 * a + 1) // 30 * 30 --> a * 31 + 1
