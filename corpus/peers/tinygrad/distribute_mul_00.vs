# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_distribute_mul[0]
a: index in [0, 3]
b: index in [0, 5]
(a + b) * 3 --> a * 3 + b * 3
