# fuzz_expr seed
x: i64
y: i64
(x * y) % y + (x - x) + (x ^ x)
