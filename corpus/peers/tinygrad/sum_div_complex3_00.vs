# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sum_div_complex3[0]
gidx0: index in [0, 7]
lidx2: index in [0, 12]
lidx3: index in [0, 1]
(gidx0 * 4 + lidx2 * 2 + lidx3) // 12 --> (lidx2 // 2 + gidx0) // 3
