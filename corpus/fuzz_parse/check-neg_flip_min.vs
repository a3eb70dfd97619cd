# expect: invalid
x: i32
-x < 0 --> x > 0
