# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sum_mul_distribute[0]
gidx0: index in [0, 7]
lidx2: index in [0, 12]
lidx3: index in [0, 1]
(gidx0 + lidx2 + lidx3) * 4 --> gidx0 * 4 + lidx2 * 4 + lidx3 * 4
