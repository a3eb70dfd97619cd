# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_nest_by_factor_with_const[1]
a: index in [0, 7]
b: index in [0, 2]
(a * 6 + b + 3) % 12 --> b + a % 2 * 6 + 3
