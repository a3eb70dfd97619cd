# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_div_reorder[0]
x: index in [0, 23]
x % 6 // 3 --> x // 3 % 2
