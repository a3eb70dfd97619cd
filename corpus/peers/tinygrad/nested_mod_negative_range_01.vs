# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_nested_mod_negative_range[1]
x: index in [0, 1575]
(x + -1064) % 512 % 128 --> (x + 88) % 128
