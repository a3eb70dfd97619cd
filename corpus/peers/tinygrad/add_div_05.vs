# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_add_div[5]
a: index in [0, 5]
(a + 3) // 4 --> (a + 3) // 4
