# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_factorize[0]
a: index in [0, 8]
a * 2 + a * 3 --> a * 5
