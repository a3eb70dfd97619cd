# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_negative_div_unsound[0]
b: index in [-100, 100]
b // -3 % -2 + b // 6 * -2 --> b // 6 * -2 + b // -3 % -2
