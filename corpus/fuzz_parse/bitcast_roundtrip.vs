# fuzz_expr seed
x: f32
bitcast_f32(bitcast_u32(x))
