# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_neg_then_neg[4]
lidx0: index in [0, 7]
lidx1: index in [0, 7]
(lidx0 * -1 - lidx1 + 150) // -32 + 4 --> -1
