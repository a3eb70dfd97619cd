# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_div_reorder[1]
x: index in [0, 23]
x % 12 // 4 --> x // 4 % 3
