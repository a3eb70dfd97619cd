# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_add_self[1]
a: index in [0, 8]
b: index in [0, 8]
a + b + b --> a + b * 2
