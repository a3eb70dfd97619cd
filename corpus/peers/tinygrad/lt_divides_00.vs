# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_lt_divides[0]
FLOAT4_INDEX: index in [0, 3]
idx: index in [0, 511]
idx * 4 + FLOAT4_INDEX < 512 --> idx < 128
