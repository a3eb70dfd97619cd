# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_cancel[0]
a: index in [0, 10]
b: index in [0, 10]
(-40 + a * 2 + b * 40) % 40 --> a * 2
