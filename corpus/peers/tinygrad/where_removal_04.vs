# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_where_removal[4]
a: index in [0, 3]
select(select(a < 2, false, true), false, true) --> a < 2
