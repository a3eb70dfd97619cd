# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_bool_ne_false[0]
x: index in [0, 3]
x < 2 != false --> x < 2
