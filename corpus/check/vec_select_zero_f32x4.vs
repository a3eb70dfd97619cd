# expect: invalid
# a lane the mask turns off is 0.0, not v's lane
v: f32x4
m: boolx4
select(m, v, 0.0) --> v
