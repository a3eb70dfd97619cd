# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_sub_self[1]
a: index in [0, 8]
a * 3 - a --> a * 2
