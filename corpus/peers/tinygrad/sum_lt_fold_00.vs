# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sum_lt_fold[0]
a: index in [0, 7]
b: index in [0, 3]
a * 4 + b < 16 --> a < 4
