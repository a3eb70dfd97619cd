# expect: valid
x: u64
x + 0 --> x
