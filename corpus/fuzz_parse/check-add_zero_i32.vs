# expect: valid
x: i32
x + 0 --> x
