# fuzz_expr seed
a: index
b: index
mulacc(a, 4, b) - b
