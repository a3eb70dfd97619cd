# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_masked_shr_fold[0]
x: u32 in [0, 255]
(x & 4294967292) >> 2 --> x >> 2
