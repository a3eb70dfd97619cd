# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisonOfProductAndSum[1]
# note: the peer runs this with the ComparisonOfProductAndSum extension
x: i32 in [1, 4095]
y: i32 in [1, 4095]
x * y < (x + y) * 2048 --> true
