# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sum_div_partial_remove[0]
idx0: index in [0, 127]
idx2: index in [0, 3]
(idx0 * 4 + idx2) // 4 --> idx0
