# expect: valid
# what the invalid rules make of it (invalid_push_mul, then mul_zero under the mask)
m: bool
x: index
select(m, x, invalid) * 0 --> select(m, 0, invalid)
