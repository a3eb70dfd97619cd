# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_nested_mod_negative_range[0]
x: index in [0, 1575]
(x + -1064) % 512 % 4 --> x % 4
