# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_cmp_simple[0]
a: index in [3, 8]
a < 4 --> a < 4
