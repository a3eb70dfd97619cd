# fuzz_expr seed
x: u16 in [0, 99]
x % 100 + x // 100
