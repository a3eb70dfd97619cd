# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sum_div_some_partial_factor[2]
a: index in [0, 7]
(a * 30 + 20) // 20 --> a + a // 2 + 1
