# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_mul_sum[0]
a: index in [0, 5]
b: index in [0, 2]
(b + a * 10) % 9 --> b + a
