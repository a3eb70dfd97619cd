# expect: valid
x: u16
x + 0 --> x
