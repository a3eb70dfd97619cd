# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_nest_by_factor[2]
a: index in [0, 10]
b: index in [0, 2]
(a * 3 + b) % 9 --> b + a % 3 * 3
