# expect: valid
x: i8
x + 0 --> x
