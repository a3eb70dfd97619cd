# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_where_cast[0]
a: i32 in [0, 3]
s: i32 in [0, 3]
f16(select(s < 2, a, a + 1)) --> select(s < 2, f16(a), f16(a + 1))
