x: f32 in [0, 1]
x
