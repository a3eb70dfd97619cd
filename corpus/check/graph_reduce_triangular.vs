# expect: valid
# sum over i < 4 of (i + 1) iterations: 1 + 2 + 3 + 4
reduce(add, 1, range(4, i), range(range(4, i) + 1, j)) --> 10
