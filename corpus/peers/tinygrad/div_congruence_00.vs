# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_congruence[0]
a: index in [0, 3]
(3 + 3 * a) // 4 --> a
