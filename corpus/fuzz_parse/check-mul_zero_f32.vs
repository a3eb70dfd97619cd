# expect: invalid
# x = NaN or inf
x: f32
x * 0 --> 0
