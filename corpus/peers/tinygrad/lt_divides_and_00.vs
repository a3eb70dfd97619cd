# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_lt_divides_and[0]
FLOAT4_INDEX: index in [0, 3]
idx1: index in [0, 511]
idx2: index in [0, 511]
idx1 * 4 + FLOAT4_INDEX < 512 && idx2 * 4 + FLOAT4_INDEX < 512 --> idx1 < 128 && idx2 < 128
