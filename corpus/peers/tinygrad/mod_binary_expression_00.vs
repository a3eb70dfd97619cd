# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_binary_expression[0]
a: index in [0, 1]
(3 + a) % 4 --> a * -3 + 3
