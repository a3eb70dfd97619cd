# expect: invalid
# a lane equal to 127 wraps
v: i8x4
v + 1 > v --> bcast(true, 4)
