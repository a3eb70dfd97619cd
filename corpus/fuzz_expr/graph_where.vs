# fuzz_expr seed: select of a load and 0 under conjunctions (where_on_load), a free range, after on a buffer
b: i8[4]
x: i8
select(range(4, r) < 3 && x < 2 && range(4, r) != 0, load(index(b, range(4, r))), 0) + select(x == 0, 0, load(index(after(b, store(index(b, 0), x)), select(range(4, r) < 2, range(4, r) + 1, invalid))))
