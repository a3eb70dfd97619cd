# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_cast_bool[0]
a: index in [0, 10]
bool(a) --> a != 0
