# fuzz_expr seed
x: f64
max(x, nan_f64) == x || x != x
