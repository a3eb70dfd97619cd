# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_where_const_gate_keeps_stated_width[1]
i: i32 in [0, 3]
select(true, 0, i) --> 0
