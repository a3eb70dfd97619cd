# expect: valid
x: u8
x + 0 --> x
