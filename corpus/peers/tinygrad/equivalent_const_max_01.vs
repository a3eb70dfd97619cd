# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_equivalent_const_max[1]
x: index in [-10, 10]
select(0 < x, x, 0) --> max(x, 0)
