# fuzz_expr seed
x: u64
x * 18446744073709551615 + x
