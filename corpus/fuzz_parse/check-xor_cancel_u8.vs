# expect: valid
x: u8
y: u8
(x ^ y) ^ y --> x
