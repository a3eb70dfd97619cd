# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_floordiv_gcd_with_remainder_negative_numerator[0]
a: index in [-1, 5]
(a * 2 + 7) // 8 --> (a + 3) // 4
