# fuzz_expr seed
x: i16
i8(i32(x)) == i8(x)
