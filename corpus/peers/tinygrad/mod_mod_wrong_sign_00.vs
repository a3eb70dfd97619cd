# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_mod_wrong_sign[0]
v1: index in [0, 128]
v3: index in [0, 7]
(v1 % 2 * 2 + (v3 + -1) % 5 + -2) % 5 --> (v3 + v1 % 2 * 2 + 2) % 5
