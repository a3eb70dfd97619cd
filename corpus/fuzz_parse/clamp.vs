# fuzz_expr seed
x: i32
min(max(x, 0), 255) < 256
