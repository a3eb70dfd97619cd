# expect: valid
# one iteration of a float sum is +0.0 + x (reduce_once_add_float)
x: f32
reduce(add, x, range(1, r)) --> 0.0 + x
