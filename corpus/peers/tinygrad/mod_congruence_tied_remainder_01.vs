# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_congruence_tied_remainder[1]
x: index in [0, 1]
y: index in [0, 1]
(3 + 6 * x + 7 * y) % 4 --> x * -2 + y * -1 + 3
