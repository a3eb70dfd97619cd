# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_divmod_variable_denom_fold_to_const[1]
x: index in [20, 23]
y: index in [8, 10]
x % y --> x + y * -2
