# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sum_div_const[0]
a: index in [0, 7]
(a * 4 + 3) // 4 --> a
