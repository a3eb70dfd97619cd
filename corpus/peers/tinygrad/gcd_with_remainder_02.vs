# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_gcd_with_remainder[2]
a: index in [0, 2]
(a * 4 + 2) // 6 --> (a * 2 + 1) // 3
