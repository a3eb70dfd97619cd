# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_lt_remove[2]
a: index in [0, 6]
a < 8 --> true
