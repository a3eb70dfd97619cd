# expect: invalid
# a gated store evaluates its value even where the mask is false: 1 // d is UB at d == 0, where the
# source (m false) only wrote back the element it loaded (store_gated needs no_ub of the value)
b: i32[4]
m: bool
i: index in [0, 3]
d: i32
store(index(b, i), select(m, 1 // d, load(index(b, i)))) --> store(index(b, select(m, i, invalid)), 1 // d)
