# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_gcd_fold_neg[0]
a: index in [0, 10]
(a * -8 + 20) % 4 --> 0
