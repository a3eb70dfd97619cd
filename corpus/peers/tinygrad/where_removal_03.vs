# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_where_removal[3]
a: index in [0, 3]
select(a < 2, false, true) --> a < 2 != true
