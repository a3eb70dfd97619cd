# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_with_gcd[1]
b: index in [0, 100]
(30 * b + 1) % 18 + (30 * b + 1) // 18 * 18 --> b * 30 + 1
