# expect: invalid
x: i32
y: i32
(x * y) // y --> x
