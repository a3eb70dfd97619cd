# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_reshape_index_roundtrip[0]
r0: index in [0, 7]
r1: index in [0, 7]
(r0 * 8 + r1) // 4 * 4 + (r0 * 8 + r1) % 4 --> r1 + r0 * 8
