# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_lt[2]
a: index in [3, 8]
a < 8 --> a < 8
