# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_where_closure_folding_deep[0]
x: index in [0, 10]
select(x < 5, select(x < 5, select(x < 5, x * -1, x) * 2, select(x < 5, x * -1, x) + 1) * 3, select(x < 5, select(x < 5, x * -1, x) * 2, select(x < 5, x * -1, x) + 1) + 7) --> select(x < 5, x * -6, x + 8)
