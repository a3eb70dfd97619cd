# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_lt_factors[0]
FLOAT4_INDEX: index in [0, 256]
idx1: index in [0, 511]
idx1 * 4 + FLOAT4_INDEX < 512 --> idx1 * 4 + FLOAT4_INDEX < 512
