# fuzz_expr seed: vectorized address arithmetic, the shapes the GEP folds take apart
x: index in [0, 255]
v: indexx4
m: boolx4
gep(select(m, bcast(x, 4) * bcast(4, 4) + vec(0, 1, 2, 3), gep(cat(v, v), [3, 2, 1, 0])), [1, 0]) // bcast(4, 2)
