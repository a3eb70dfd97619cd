# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_equivalent_const_max[0]
x: index in [-10, 10]
select(x < 0, 0, x) --> max(x, 0)
