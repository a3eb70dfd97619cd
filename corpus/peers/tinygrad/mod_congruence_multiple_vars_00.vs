# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_congruence_multiple_vars[0]
x: index in [0, 3]
y: index in [0, 3]
(9 + 9 * x + 9 * y) % 10 --> x * -1 + y * -1 + 9
