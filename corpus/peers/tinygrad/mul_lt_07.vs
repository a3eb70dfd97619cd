# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mul_lt[7]
a: index in [0, 5]
12 <= a * 4 --> a < 3 != true
