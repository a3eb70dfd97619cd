# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_recombine_with_outer_mul[0]
x: index in [0, 100]
x % 4 * 3 + x // 4 % 2 * 12 --> x % 8 * 3
