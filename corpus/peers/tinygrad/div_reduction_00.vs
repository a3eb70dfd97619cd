# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_reduction[0]
a: index in [2, 3]
a // 2 --> 1
