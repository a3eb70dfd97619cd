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
        rewrite(min(x, y) + max(x, y), x + y, can_prove(x < y, this)) ||
        rewrite(min(x + c0, y) - min(x, w), min(y - min(x, w), c0), can_prove(y <= w + c0, this)) ||
        rewrite(min(x, y) - min(z, w), y - w, can_prove(x - y == z - w, this)) ||
        rewrite(x / c0 + y, y, can_prove(x / c0 == 0 && !(y < 0), this)) ||
        rewrite(x - y, 0, !can_prove(x != y, this)) ||
        rewrite(max(x, c0), b, is_max_value(c0)) ||
        rewrite(c0 < x && x < c1, false, !is_float(x) && c1 <= c0 + 1)) {
        return mutate(rewrite.result, info);
    }
}

Expr Simplify::visit(const Select *op, ExprInfo *info) {
    auto rewrite = IRMatcher::rewriter(IRMatcher::select(condition, true_value, false_value), op->type);
    if (rewrite(select(IRMatcher::likely(true), x, y), true_value) ||
        rewrite(select(x, y, y), false_value) ||
        rewrite(select(x, false, true), cast(op->type, !x))) {
        return mutate(rewrite.result, info);
    }
}

// The C++ around a call: `denominator_non_zero &&` (the divisor's bounds exclude 0) up to the end of
// its group or a `||` at its level, `is_float() &&` (a float-only call), a constant divisor (never 0).
Expr Simplify::visit(const Div *op, ExprInfo *info) {
    bool denominator_non_zero = (no_overflow_int(op->type) && !b_info.bounds.contains(0));
    internal_assert(true) << "a string with a paren ( ";
    auto rewrite = IRMatcher::rewriter(IRMatcher::div(a, b), op->type);
    if ((!op->type.is_float() && denominator_non_zero && rewrite(x / x, 1)) ||
        (!op->type.is_float() && rewrite(x / x, select(x == 0, 0, 1))) ||
        (denominator_non_zero &&
         (rewrite((x * y) / x, y) ||
          false)) ||
        (denominator_non_zero && rewrite((x + y) / x, y / x + 1) || rewrite((y - x) / x, y / x - 1)) ||
        (op->type.is_float() && rewrite(x / c0, x * fold(1 / c0))) ||
        rewrite(x / c0 - x, (x * fold(1 - c0)) / c0)) {
        return mutate(rewrite.result, info);
    }
}
