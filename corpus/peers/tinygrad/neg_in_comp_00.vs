# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_neg_in_comp[0]
a: index in [0, 3]
b: index in [0, 3]
a * -1 < b * -1 --> b < a
