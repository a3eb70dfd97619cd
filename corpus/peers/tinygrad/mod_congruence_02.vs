# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_congruence[2]
a: index in [0, 3]
(2 + 9 * a) % 18 --> a % 2 * 9 + 2
