# fuzz_expr seed
x: f32
x + 0.0_f32
