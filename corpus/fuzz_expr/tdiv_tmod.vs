# fuzz_expr seed
x: i32 in [-100, 100]
tdiv(x, 4) * 4 + tmod(x, 4)
