# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_recombine_with_outer_mul[2]
x: index in [0, 100]
x % 4 * -2 + x // 4 % 2 * -8 --> x % 8 * -2
