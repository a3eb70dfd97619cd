# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sum_lt_fold[2]
a: index in [0, 1529]
uidx: index in [0, 3]
uidx + a * 12 < 268 --> a < 23
