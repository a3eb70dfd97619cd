# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine[2]
gidx: index in [0, 124]
lidx: index in [0, 124]
lidx + gidx % 4 + gidx // 4 * 4 --> gidx + lidx
