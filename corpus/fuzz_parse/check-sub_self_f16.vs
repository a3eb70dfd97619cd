# expect: invalid
x: f16
x - x --> 0.0
