# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mul_neg_1[0]
a: index in [0, 2]
a * -1 // 3 --> a * -1 // 3
