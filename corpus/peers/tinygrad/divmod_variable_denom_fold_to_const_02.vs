# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_divmod_variable_denom_fold_to_const[2]
x: i32 in [-10, 10]
y: i32 in [-8, 9]
x // y --> x // y
