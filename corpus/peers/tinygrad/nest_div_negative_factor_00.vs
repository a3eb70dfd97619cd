# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_nest_div_negative_factor[0]
ridx0: index in [0, 9]
ridx1: index in [0, 6]
(ridx0 * -7 + ridx1 + 63) // 35 --> (ridx0 * -1 + 4) // 5 + 1
