# expect: valid
# a comparison of INVALID is UB, so the mask may be dropped (invalid_strip_lt_l)
m: bool
x: index
y: index
select(m, x, invalid) < y --> x < y
