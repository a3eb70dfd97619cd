# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_lt[7]
a: index in [3, 5]
b: index in [5, 6]
a < b --> a < b
