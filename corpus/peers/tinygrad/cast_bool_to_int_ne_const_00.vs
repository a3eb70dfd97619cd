# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_cast_bool_to_int_ne_const[0]
a: index in [0, 3]
i32(a < 2) != 0 --> a < 2
