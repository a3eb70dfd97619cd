# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_nest_by_factor_with_const[0]
a: index in [0, 2]
b: index in [0, 31]
c: index in [0, 1]
(160 * a + 5 * b + 4 * c) // 60 --> a * 2 + (b + a * 8) // 12
