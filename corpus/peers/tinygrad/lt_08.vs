# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_lt[8]
a: index in [5, 6]
b: index in [3, 5]
a < b --> false
