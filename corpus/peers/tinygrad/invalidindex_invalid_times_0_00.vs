# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestInvalidIndex.test_invalid_times_0[0]
ridx: index in [0, 10]
select(ridx < 5, ridx, invalid) * 0 --> select(ridx < 5, 0, invalid)
