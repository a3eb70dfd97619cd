# fuzz_expr seed
a: u8
b: u8
select(a < b, a, b)
