# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mul_div_factor_mul[0]
a: index in [0, 10]
a * 8 // 4 --> a * 2
