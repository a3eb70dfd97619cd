# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_min_max[1]
a: index in [0, 6]
a // 2 --> a // 2
