// A sample in Halide's syntax (src/Simplify_*.cpp) for tests/cli.sh: rewrite(pattern, result) and
// rewrite(pattern, result, predicate) calls, written for vsimp's importer tests.
Expr Simplify::visit(const Add *op, ExprInfo *info) {
    auto rewrite = IRMatcher::rewriter(IRMatcher::add(a, b), op->type);
    if (rewrite(x + 0, a) ||
        rewrite((x + c0) + c1, x + fold(c0 + c1)) ||
        rewrite(x * 2 / 2, x) ||   // holds only without overflow
        rewrite((x * c0) / c1, x / fold(c1 / c0), c1 % c0 == 0 && c0 > 0 && !overflows(c0 * c1)) ||
        rewrite(x / c0 * c0 + x % c0, x) ||
        rewrite(x % c0, x - x / c0 * c0, c0 < 0) ||
        rewrite(x && (neg(x) || y), x && y) ||
        rewrite(ramp(x, y, c0) + broadcast(z, c0), ramp(x + z, y, c0)) ||
        rewrite(min(x, y) + max(x, y), x + y, can_prove(x < y, this))) {
        return mutate(rewrite.result, info);
    }
}
