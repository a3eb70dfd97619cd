# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_binary_expression[1]
a: index in [4, 5]
(3 + a) % 4 --> a * -3 + 15
