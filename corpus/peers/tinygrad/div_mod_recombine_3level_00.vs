# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_3level[0]
gidx: index in [0, 150527]
gidx // 3 % 224 * 3 + gidx % 3 + gidx // 672 * 672 --> gidx
