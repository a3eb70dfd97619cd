# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_neg_all_range[2]
gidx: index in [0, 124]
lidx: index in [0, 7]
(gidx * -1 * 8 - lidx + 1001) // -4 + 250 --> (lidx * -1 + gidx * -8 + -3) // -4 + -1
