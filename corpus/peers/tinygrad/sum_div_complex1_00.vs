# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sum_div_complex1[0]
gidx0: index in [0, 24]
gidx1: index in [0, 1]
gidx2: index in [0, 255]
lidx0: index in [0, 1]
lidx1: index in [0, 15]
lidx2: index in [0, 3]
(gidx2 * 640 + gidx1 * 160 + gidx0 // 5 * 2 + lidx0 * 320 + lidx1 * 10 + lidx2 * 2 + 1) // 20 --> ((gidx0 // 5 + lidx2) // 5 + lidx1) // 2 + (gidx2 * 32 + gidx1 * 8 + lidx0 * 16)
