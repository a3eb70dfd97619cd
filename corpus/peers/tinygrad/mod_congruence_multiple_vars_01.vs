# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_congruence_multiple_vars[1]
x: index in [0, 2]
y: index in [0, 2]
z: index in [0, 2]
(7 + 9 * x + 9 * y + z) % 10 --> z + x * -1 + y * -1 + 7
