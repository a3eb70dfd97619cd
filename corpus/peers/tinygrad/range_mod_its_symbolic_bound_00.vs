# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_range_mod_its_symbolic_bound[0]
a: index in [1, 10]
range(a + 2, r0) % (a + 2) --> range(a + 2, r0)
