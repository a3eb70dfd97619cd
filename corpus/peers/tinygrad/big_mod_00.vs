# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_big_mod[0]
a: index in [-20, 20]
a % 10 --> a % 10
