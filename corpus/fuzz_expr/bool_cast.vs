# fuzz_expr seed
x: u8
bool(x) || x == 0
