# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_where_closure_folding_valid[0]
a: index in [0, 3]
c: index in [0, 3]
x: index in [0, 10]
select(x < 5, select(x < 5, a, invalid), c) --> select(x < 5, a, c)
