# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_gated_load[1]
idx: index in [0, 24]
select(idx < 4, idx // 4, -1) --> select(idx < 4, idx // 4, -1)
