# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_lt_simple_factor[0]
a: index in [0, 6]
b: index in [0, 6]
a * 6 + b * 6 < 8 --> a * 3 + b * 3 < 4
