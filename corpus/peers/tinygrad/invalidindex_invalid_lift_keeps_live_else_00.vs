# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestInvalidIndex.test_invalid_lift_keeps_live_else[0]
ridx: index in [0, 10]
select(ridx < 5, select(ridx < 5, ridx, invalid), ridx + 100) --> select(ridx < 5, ridx, ridx + 100)
