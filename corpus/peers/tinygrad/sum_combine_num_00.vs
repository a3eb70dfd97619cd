# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sum_combine_num[0]
a: index in [0, 10]
29 + a + -23 --> a + 6
