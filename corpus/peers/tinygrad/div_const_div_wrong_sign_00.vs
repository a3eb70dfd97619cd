# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_const_div_wrong_sign[0]
a: index in [0, 124]
((a - 10) // 2 + 10) // 2 --> (a + 2) // 4 + 2
