# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_floormod_const_evaluation[0]
a: index in [1, 1]
a * -3 % 8 --> 5
