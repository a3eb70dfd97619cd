# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_where_closure_folding_valid[1]
a: index in [0, 3]
t: index in [0, 3]
x: index in [0, 10]
select(x < 5, t, select(x < 5, a, invalid)) --> select(x < 5, t, invalid)
