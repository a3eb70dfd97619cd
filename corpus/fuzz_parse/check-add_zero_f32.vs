# expect: invalid
# x = -0.0: -0.0 + 0.0 is +0.0
x: f32
x + 0.0_f32 --> x
