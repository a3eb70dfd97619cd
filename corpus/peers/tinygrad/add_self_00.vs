# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_add_self[0]
a: index in [0, 8]
a + a --> a * 2
