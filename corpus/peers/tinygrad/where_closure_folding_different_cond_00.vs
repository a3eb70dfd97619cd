# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_where_closure_folding_different_cond[0]
a: index in [0, 3]
b: index in [0, 3]
x: index in [0, 10]
select(x < 5, select(x < 7, a, b), select(x < 7, b, a)) --> select(x < 5, select(x < 7, a, b), select(x < 7, b, a))
