# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_cast_bool_to_int_ne_const[4]
a: index in [0, 3]
index(a < 2) != 0 --> a < 2
