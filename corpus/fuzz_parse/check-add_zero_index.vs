# expect: valid
x: index
x + 0 --> x
