# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_symbolic_range_doesnt_collapse[0]
a: index in [1, 10]
range(index(a < 5), r0) --> range(index(a < 5), r0)
