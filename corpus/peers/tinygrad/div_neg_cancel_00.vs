# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_neg_cancel[0]
idx: index in [0, 100]
(idx * -1 + 199) // -4 + 50 --> (idx * -1 + -1) // -4
