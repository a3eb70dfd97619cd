# expect: valid
x: u32
x + 0 --> x
