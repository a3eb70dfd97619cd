# fuzz_expr seed
x: f16
x * 1.0 - 0.0 + -0.0
