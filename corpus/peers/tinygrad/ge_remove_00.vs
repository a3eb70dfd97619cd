# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_ge_remove[0]
a: index in [0, 6]
25 <= a --> false
