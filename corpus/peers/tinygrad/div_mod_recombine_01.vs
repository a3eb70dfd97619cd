# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine[1]
gidx: index in [0, 124]
gidx // 4 * 4 + gidx % 4 --> gidx
