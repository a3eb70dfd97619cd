# expect: invalid
# one iteration of a float sum is +0.0 + x, which is +0.0 where x is -0.0
x: f32
reduce(add, x, range(1, r)) --> x
