# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_symbolic_div[1]
a: index in [1, 10]
((a * 2 + -1) * 2 + 1) * a --> a * (a * 4 + -1)
