# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_add_div[7]
a: index in [0, 5]
(a + 5) // 4 --> (a + 1) // 4 + 1
