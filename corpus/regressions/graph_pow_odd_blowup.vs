# fuzz finding: crash (smt oracle), fixed
# detail: Z3 runs out of time and memory on the graph encoding of an integer pow of an odd base
# Found by a fuzz campaign over graph cases (with the memory and dead_code rules trusted as if the
# ledger proved them): the whole-result check of
#   -mulacc(f32(pow(u64(range(min(y, 0), r)) | 4294967297, 4294967295)), ...)
# crashed inside Z3_solver_assert (smt/refine_graph.c, solve(): a heap overflow in Z3, a memmove of
# 4294967288 bytes under ASan, a segfault in the release build); `vsimp check` of the source against
# its simplified result segfaults the same way. Reduced by hand to the case below: with
# `--timeout 1000`, `vsimp check` of it runs past 30 s and grows to 8 GB (exponent 2^28 - 1: 8 GB in
# 30 s; 2^24 - 1: `unknown` after 3.3 s; 2^20 - 1: `invalid` in 0.8 s), while the same pow over a
# scalar variable (`x: u64`, `pow(x | 1, 4294967295) --> 0`) is `unknown` within the timeout. A guess
# at the cause: the base is known odd, which undoes the `ite(a odd, p * p, 0)` that int_pow
# (smt/encode.c) puts around the squares so that Z3's rewriter does not flatten the chain of
# products into 2^32 factors; the graph query lets Z3 see the odd bit where the scalar query does not.
# Expected once fixed: unknown (timeout) within the time limit, as for the scalar case (r = 0 gives
# pow(1, ...) = 1, so `invalid` would be right too).
# Fixed: a graph query without arrays (no buffer, no abstract effect: loops and ranges only) now goes to
# the scalar solvers (smt/refine_graph.c, graph_solver); this one was `unknown` within the time limit.
# Since pow's guarded squares are written 4q(q + 1) + 1 (smt/encode.c, int_pow; the program regression
# pow_odd_base_flatten.vs), Z3 decides it in a second: `invalid` at r = 0 (pow(1, ...) = 1, not 0).
# expect: invalid
# `vsimp fuzz FILE` replays the source through every oracle: it must pass once fixed.
pow(u64(range(5, r)) | 1, 4294967295) --> 0
