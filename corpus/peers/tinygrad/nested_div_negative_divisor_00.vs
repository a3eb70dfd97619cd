# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_nested_div_negative_divisor[0]
a: index in [0, 124]
a // -2 // -3 --> a // -2 // -3
