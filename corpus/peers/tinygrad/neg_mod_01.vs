# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_neg_mod[1]
a: index in [0, 124]
a % -4 --> a % -4
