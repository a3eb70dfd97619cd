# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_neg_all_range[3]
gidx: index in [0, 124]
lidx: index in [0, 7]
(gidx * -1 * 8 - lidx + 1002) // -4 + 250 --> (lidx * -1 + gidx * -8 + -2) // -4 + -1
