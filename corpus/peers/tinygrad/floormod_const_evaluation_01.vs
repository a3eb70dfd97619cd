# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_floormod_const_evaluation[1]
a: index in [10, 10]
a * -1 % 7 --> 4
