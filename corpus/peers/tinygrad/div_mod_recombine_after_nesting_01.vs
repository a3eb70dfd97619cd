# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_after_nesting[1]
gidx0: index in [0, 15]
lidx0: index in [0, 3]
(gidx0 * 4 + lidx0) // 8 * 16 + (gidx0 * 4 + lidx0) % 8 * 2 --> gidx0 * 8 + lidx0 * 2
