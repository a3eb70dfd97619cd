# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_and_remove[0]
a: index in [0, 1]
1 * a --> a
