# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sum_div_complex4[0]
gidx0: index in [0, 2]
lidx2: index in [0, 12]
lidx3: index in [0, 12]
(gidx0 * 3 + lidx2 * 19 + lidx3 * 38) // 57 --> (lidx2 + lidx3 * 2) // 3
