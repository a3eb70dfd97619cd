# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recompose_low_order_remainder[0]
x: index in [0, 127]
x // 2 % 4 * 2 + x % 2 --> x % 8
