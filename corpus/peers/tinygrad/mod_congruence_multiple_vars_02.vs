# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_congruence_multiple_vars[2]
x: index in [0, 2]
y: index in [0, 4]
(10 + 12 * x + y % 3) % 13 --> x * -1 + y % 3 + 10
