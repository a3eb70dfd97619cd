# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_negative_div[0]
x: index in [0, 199]
x % -3 + x // -3 % 5 * -3 --> x % -15
