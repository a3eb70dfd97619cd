# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_recombine_with_outer_mul[1]
y: index in [0, 384]
y % 11 * 5 + y // 11 % 7 * 55 --> y % 77 * 5
