# fuzz_expr seed
x: i32
(x // 8) * 8 + x % 8
