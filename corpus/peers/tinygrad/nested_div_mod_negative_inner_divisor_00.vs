# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_nested_div_mod_negative_inner_divisor[0]
a: index in [0, 100]
a % -8 // 2 --> a % -8 // 2
