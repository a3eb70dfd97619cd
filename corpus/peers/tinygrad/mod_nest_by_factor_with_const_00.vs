# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_nest_by_factor_with_const[0]
a: index in [0, 7]
b: index in [0, 1]
(a * 4 + b + 2) % 8 --> b + a % 2 * 4 + 2
