# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mul_neg_1[1]
a: index in [2, 7]
a * -1 // 3 --> a * -1 // 3
