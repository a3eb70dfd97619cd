# fuzz_expr seed
x: u32
(x << 3) >> 3
