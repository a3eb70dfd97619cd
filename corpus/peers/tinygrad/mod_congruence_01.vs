# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_congruence[1]
a: index in [0, 3]
(17 + 13 * a) % 18 --> a * -5 + 17
