# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine[5]
gidx: index in [0, 124]
lidx: index in [0, 124]
lidx + 2 * (gidx % 4) + gidx // 4 * 8 --> lidx + gidx * 2
