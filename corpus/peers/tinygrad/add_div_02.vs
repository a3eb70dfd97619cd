# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_add_div[2]
a: index in [0, 5]
a // 4 --> a // 4
