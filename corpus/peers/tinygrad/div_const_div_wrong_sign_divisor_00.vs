# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_const_div_wrong_sign_divisor[0]
a: index in [0, 124]
((a + 10) // -2 + 10) // -4 --> (a // -2 + -3) // -4 + -2
