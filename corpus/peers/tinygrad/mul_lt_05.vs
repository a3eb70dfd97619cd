# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mul_lt[5]
a: index in [0, 18014398509481983]
a * -2 < -18014398509481983 --> a * -1 < -9007199254740991
