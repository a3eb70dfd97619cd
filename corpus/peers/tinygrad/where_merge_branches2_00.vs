# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_where_merge_branches2[0]
a: index in [0, 3]
b: index in [0, 3]
s: index in [0, 10]
select(s < 5, select(s < 6, a, b), b) --> select(s < 5, a, b)
