# expect: valid
# lane 1 of vec(a, b, c, d) is b
a: i8
b: i8
c: i8
d: i8
gep(vec(a, b, c, d), 1) --> b
