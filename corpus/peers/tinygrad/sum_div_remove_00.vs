# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sum_div_remove[0]
a: index in [0, 7]
b: index in [0, 3]
(a + b) // 20 --> 0
