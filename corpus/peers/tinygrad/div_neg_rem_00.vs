# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_neg_rem[0]
a: index in [0, 255]
(a * -1 + 256) // 2 --> a * -1 // 2 + 128
