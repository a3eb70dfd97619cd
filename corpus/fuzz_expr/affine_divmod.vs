# fuzz_expr seed
i: index in [0, 15]
j: index in [0, 3]
(i * 4 + j) // 4 % 2 + (i * 4 + j) % 4
