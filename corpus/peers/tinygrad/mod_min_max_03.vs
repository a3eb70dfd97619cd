# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_min_max[3]
x: index in [-10, 0]
y: index in [-10, -1]
x % y --> x % y
