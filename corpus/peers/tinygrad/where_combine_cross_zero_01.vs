# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_where_combine_cross_zero[1]
a: index in [0, 3]
x: index in [0, 3]
select(x < 2, a, 0) + select(x < 2, 0, a) --> a
