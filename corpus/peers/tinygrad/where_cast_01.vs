# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_where_cast[1]
a: i32 in [0, 3]
s: i32 in [0, 3]
f16(select(s < 2, a, 2)) --> select(s < 2, f16(a), 2.0)
