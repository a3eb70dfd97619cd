# expect: valid
x: i8 in [0, 100]
(x + 1) > x --> true
