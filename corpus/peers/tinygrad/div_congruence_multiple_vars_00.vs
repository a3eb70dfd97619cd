# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_congruence_multiple_vars[0]
x: index in [0, 3]
y: index in [0, 2]
(9 + 19 * x + 18 * y) // 10 --> x * 2 + y * 2
