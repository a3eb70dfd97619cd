# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mul_lt[2]
a: index in [-5, 5]
a * 4 < -13 --> a < -3
