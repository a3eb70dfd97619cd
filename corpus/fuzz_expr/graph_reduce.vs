# fuzz_expr seed: reductions over empty, single-trip and triangular loop nests of loads
b: f32[8]
c: index[4]
n: index in [0, 4]
reduce(add, load(index(b, range(n, i) * 2 + range(range(n, i) + 1, j))), range(n, i), range(range(n, i) + 1, j)) + reduce(max, load(index(b, select(range(1, k) < 1, load(index(c, range(1, k))), invalid))), range(1, k)) * reduce(mul, load(index(b, range(0, r))), range(0, r))
