# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_max_folds[0]
a: index in [0, 20]
max(max(a, 10), 11) --> max(a, 11)
