# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_to_sub[0]
a: index in [1, 2]
(1 + a) % 2 --> a + -1
