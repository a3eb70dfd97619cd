# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_in_additive_sum[0]
x: index in [0, 31]
y: index in [0, 5]
x // 8 * 4 + y + x // 2 % 4 --> y + x // 2
