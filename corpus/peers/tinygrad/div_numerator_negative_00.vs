# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_numerator_negative[0]
idx: index in [0, 9]
idx * -10 // 11 --> idx * -1
