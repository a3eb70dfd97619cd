# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mul_lt[4]
a: index in [0, 18014398509481985]
a * 2 < 18014398509481985 --> a < 9007199254740993
