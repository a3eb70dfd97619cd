# expect: valid
# a load of a masked pointer is 0 of the dtype (+0.0)
b: f32[4]
load(index(b, invalid)) --> 0.0
