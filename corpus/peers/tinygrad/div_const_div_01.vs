# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_const_div[1]
a: index in [0, 124]
(a * -1 // 2 - 1) // 2 --> (a * -1 + 2) // 4 + -1
