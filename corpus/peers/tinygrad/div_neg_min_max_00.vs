# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_neg_min_max[0]
a: index in [1, 7]
a // -2 --> a // -2
