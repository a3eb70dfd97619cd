# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_where_combine[5]
b: index in [0, 3]
c: index in [0, 3]
x: index in [0, 3]
select(x < 2, b, 1) + select(x < 2, c, c + 1) --> select(x < 2, b, 1) + select(x < 2, c, c + 1)
