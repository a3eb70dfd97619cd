# expect: valid
x: i64
x + 0 --> x
