# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_factorize[1]
a: index in [0, 8]
b: index in [0, 8]
b + a * 2 + a * 3 --> b + a * 5
