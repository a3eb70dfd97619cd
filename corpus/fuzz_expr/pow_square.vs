# fuzz_expr seed
x: i16
pow(x, 2) - x * x
