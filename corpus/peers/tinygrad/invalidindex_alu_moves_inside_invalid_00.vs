# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestInvalidIndex.test_alu_moves_inside_invalid[0]
ridx: index in [0, 10]
10 * select(ridx < 5, ridx, invalid) --> select(ridx < 5, ridx * 10, invalid)
