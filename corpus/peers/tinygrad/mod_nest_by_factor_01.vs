# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_nest_by_factor[1]
gidx0: index in [0, 15]
lidx1: index in [0, 1]
(gidx0 * 2 + lidx1) % 8 --> lidx1 + gidx0 % 4 * 2
