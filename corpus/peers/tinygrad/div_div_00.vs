# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_div[0]
a: index in [0, 1800]
a // 10 // 9 --> a // 90
