# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mul_lt[0]
a: index in [0, 5]
a * 4 < 13 --> a < 4
