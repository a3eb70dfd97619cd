# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_negation_in_where[0]
a: index in [0, 3]
b: index in [0, 3]
x: index in [0, 3]
select(!(x < 2), a, b) --> select(x < 2, b, a)
