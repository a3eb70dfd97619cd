# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sum_num_hoisted_and_factors_cancel_out[0]
a: index in [0, 1]
a * -4 + 1 + a * 4 --> 1
