# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_shift_0[0]
a: i32 in [0, 8]
a << 0 --> a
