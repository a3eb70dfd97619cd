# fuzz_expr seed: gated, masked and dead stores in a loop nest, after on effects
b: i32[8]
m: bool
n: index in [0, 8]
after(end(store(index(b, range(n, i)), select(m && range(n, i) < 4, load(index(b, range(n, i))) + 1, load(index(b, range(n, i))))), range(n, i)), store(index(b, select(m, 7, invalid)), load(index(b, 7))), end(noop, range(2, j)))
