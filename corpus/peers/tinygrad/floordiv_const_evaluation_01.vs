# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_floordiv_const_evaluation[1]
a: index in [0, 2]
a * -1 // 7 --> a * -1 // 7
