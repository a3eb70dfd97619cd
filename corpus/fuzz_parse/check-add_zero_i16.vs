# expect: valid
x: i16
x + 0 --> x
