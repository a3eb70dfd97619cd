# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_congruence[1]
a: index in [0, 2]
(18 + 17 * a + 17) // 18 --> a + 1
