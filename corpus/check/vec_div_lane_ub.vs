# expect: invalid
# the reverse is not a refinement: the target is UB when lane 1 of w is 0 and the source is not
v: i32x2
w: i32x2
gep(v, 0) // gep(w, 0) --> gep(v // w, 0)
