# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_drop_small_terms[0]
gidx0: index in [0, 10]
gidx1: index in [0, 10]
lidx0: index in [0, 1]
lidx1: index in [0, 1]
ridx1005: index in [0, 2]
ridx1006: index in [0, 2]
(lidx1 + (gidx1 * 18 + ridx1005 * 18 + lidx0 * 162) + gidx0 * 2 + ridx1006 * 2 + -40) // 18 --> gidx1 + ridx1005 + lidx0 * 9 + (gidx0 + ridx1006 + 7) // 9 + -3
