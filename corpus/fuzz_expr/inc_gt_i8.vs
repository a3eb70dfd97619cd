# fuzz_expr seed
x: i8
(x + 1) > x
