# expect: invalid
# a loop of no iteration is not a store that runs once: wrong where n is 0
b: i32[4]
n: index in [0, 1]
end(store(index(b, range(n, r)), 1), range(n, r)) --> store(index(b, 0), 1)
