# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_congruence_mul_add[0]
a: index in [0, 2]
6 * (a + 1) % 9 --> a * -3 + 6
