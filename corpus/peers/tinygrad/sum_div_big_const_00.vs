# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sum_div_big_const[0]
gidx0: index in [0, 24]
(gidx0 + 19) // 20 --> (gidx0 + 19) // 20
