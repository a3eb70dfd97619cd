# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_min_max[4]
x: index in [0, 10]
y: index in [-10, -1]
x // y --> x // y
