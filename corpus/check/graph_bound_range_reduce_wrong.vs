# expect: invalid
# replacing a bound range by 0 (right for its uses when vmax(E) <= 1) turns an empty reduction
# (the identity) into one iteration: wrong where n is 0
n: index in [0, 1]
reduce(add, 5, range(n, r)) --> 5
