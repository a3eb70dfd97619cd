# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_partial[0]
gidx: index in [0, 15]
gidx // 2 % 4 + gidx // 8 * 4 --> gidx // 2
