# expect: valid
# a loop variable lies in [0, n): modulo its end it is itself (range_mod_end)
n: index
range(n, r) % n --> range(n, r)
