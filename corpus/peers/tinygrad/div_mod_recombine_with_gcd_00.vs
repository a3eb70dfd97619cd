# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_with_gcd[0]
b: index in [0, 100]
(16 * b + 2) % 18 + (16 * b + 2) // 18 * 18 --> b * 16 + 2
