# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_bool_and_not_contradiction[0]
a: index in [0, 10]
a < 10 && !(a < 10) --> false
