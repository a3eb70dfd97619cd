# expect: invalid
# `a && (i // j < 3)` evaluates the inner condition where the source does not (a false), and it is UB
# at j = 0: why invalid_merge conjoins with select(a, b, false) rather than &&
a: bool
i: index
j: index
x: index
select(a, select(i // j < 3, x, invalid), invalid) --> select(a && i // j < 3, x, invalid)
