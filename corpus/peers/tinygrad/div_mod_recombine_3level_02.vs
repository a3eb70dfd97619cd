# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_3level[2]
x2: index in [0, 209]
x2 // 7 % 6 * 14 + x2 // 42 * 84 --> x2 // 7 * 14
