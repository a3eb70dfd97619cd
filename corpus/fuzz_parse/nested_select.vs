# fuzz_expr seed
c: bool
d: bool
x: i8
select(c, select(c, x, 0), select(d, 1, x)) - x
