# expect: valid
# a sum over four elements, unrolled (integer addition wraps and reassociates exactly)
b: i32[4]
reduce(add, load(index(b, range(4, r))), range(4, r)) -->
  load(index(b, 0)) + load(index(b, 1)) + load(index(b, 2)) + load(index(b, 3))
