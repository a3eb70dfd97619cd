# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_where_or_dual[0]
a: index in [0, 3]
b: index in [0, 3]
x: index in [0, 3]
y: index in [0, 3]
select(x < 2, a, select(y < 2, a, b)) --> select(x < 2 || y < 2, a, b)
