# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_where_closure_folding[0]
x: index in [0, 10]
select(x < 5, select(x < 5, x * -1, x) * 2, select(x < 5, x * -1, x) + 1) --> select(x < 5, x * -2, x + 1)
