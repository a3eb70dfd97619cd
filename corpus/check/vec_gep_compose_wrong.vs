# expect: invalid
# composing selections the wrong way round: lane 1 of gep(v, [7, 6, 5, 4]) is lane 6 of v, not lane 1
v: i32x8
gep(gep(v, [7, 6, 5, 4]), 1) --> gep(v, 1)
