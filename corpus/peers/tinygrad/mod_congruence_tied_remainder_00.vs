# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_congruence_tied_remainder[0]
x: index in [0, 1]
y: index in [0, 1]
(3 + 2 * x + 3 * y) % 4 --> x * -2 + y * -1 + 3
