# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_nest_by_factor[0]
gidx0: index in [0, 15]
lidx0: index in [0, 3]
(gidx0 * 4 + lidx0) % 8 --> lidx0 + gidx0 % 2 * 4
