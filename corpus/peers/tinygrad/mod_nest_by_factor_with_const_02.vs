# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_nest_by_factor_with_const[2]
a: index in [0, 7]
b: index in [0, 1]
(a * 3 + b + 1) % 6 --> b + a % 2 * 3 + 1
