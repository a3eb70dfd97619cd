# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_distribute_mul[1]
a: index in [0, 3]
(1 + a) * -2 + 12 --> a * -2 + 10
