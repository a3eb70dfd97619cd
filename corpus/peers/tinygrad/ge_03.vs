# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_ge[3]
a: index in [3, 8]
4 <= a --> a < 4 != true
