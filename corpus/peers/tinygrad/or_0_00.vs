# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_or_0[0]
# note: the peer does not check this case with z3
a: i32 in [0, 8]
a | 0 --> a
