# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestGatedUopGivenValid.test_invalid_gate_simplifies_index[0]
r0: index in [0, 2]
select(r0 < 3, (r0 + -1) // 3, invalid) --> select(r0 < 3, (r0 + 2) // 3 + -1, invalid)
