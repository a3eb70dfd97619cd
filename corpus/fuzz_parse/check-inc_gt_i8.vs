# expect: invalid
# x = 127 wraps
x: i8
(x + 1) > x --> true
