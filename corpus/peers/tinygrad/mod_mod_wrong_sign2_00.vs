# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_mod_wrong_sign2[0]
v2: index in [0, 8]
v3: index in [0, 4]
((v3 + 3) % 7 + (v2 + -2)) % 7 % 7 --> (v2 + v3 + 1) % 7
