# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestInvalidIndex.test_merge_invalid_conditions[0]
ridx0: index in [0, 10]
ridx1: index in [0, 10]
select(ridx1 < 5, select(ridx0 < 5, ridx0, invalid) // 2, invalid) --> select(ridx1 < 5 && ridx0 < 5, ridx0 // 2, invalid)
