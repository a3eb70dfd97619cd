# expect: valid
x: f64
x * 1.0 --> x
