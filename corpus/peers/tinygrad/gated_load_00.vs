# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_gated_load[0]
idx: index in [0, 24]
idx // 4 --> idx // 4
