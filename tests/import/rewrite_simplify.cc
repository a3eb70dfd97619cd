// A sample in TVM's syntax (src/arith/rewrite_simplify.cc) for tests/cli.sh, written for vsimp's
// importer tests.
#define TVM_TRY_REWRITE(SrcExpr, ResExpr) RewriteSimplifier::Impl::TryRewrite(SrcExpr, ResExpr)
PrimExpr RewriteSimplifier::Impl::VisitExpr_(const AddNode* op) {
  PVar<PrimExpr> x, y, z;
  PVar<IntImm> c1, c2;
  PVar<FloatImm> c4;
  TVM_TRY_REWRITE(x + 0, x);
  TVM_TRY_REWRITE(matches_one_of(min(x, y) + max(x, y), max(x, y) + min(x, y)), x + y);
  TVM_TRY_REWRITE_IF(floordiv(x * c1, c2), x * floordiv(c1, c2),
                     c2.Eval()->value > 0 && c1.Eval()->value % c2.Eval()->value == 0);
  TVM_TRY_REWRITE_IF(truncdiv(x, c1) * c1 + truncmod(x, c1), x, c1.Eval()->value != 0);
  TVM_TRY_REWRITE_IF(x + 1 > x, ctrue, CanProveGreaterEqual(x.Eval(), 0));
  TVM_TRY_REWRITE_IF(truncmod(x, c1), floormod(x, c1), CanProveGreaterEqual(x.Eval(), 0) && c1.Eval()->value > 0);
  TVM_TRY_REWRITE(x * c4, c4 * x);
  TVM_TRY_REWRITE_IF(x - y, z, analyzer_->CanProve(x == y + z));
  TVM_TRY_REWRITE_IF(truncmod(x * c1 + y, c2), truncmod(y, c2),
                     c2.Eval()->value > 0 && c1.Eval()->value % c2.Eval()->value == 0 &&
                         CanProveGreaterEqual((x * c1).Eval(), 0) && CanProveGreaterEqual(y.Eval(), 0));
  TVM_TRY_REWRITE_IF(floordiv(x * c1 + y, c2), floordiv(x, floordiv(c2, c1)),
                     c1.Eval()->value > 0 && c2.Eval()->value > 0 && c2.Eval()->value % c1.Eval()->value == 0 &&
                         CanProveEqual(floordiv(y.Eval(), c1.Eval()), 0));
  TVM_TRY_REWRITE_IF(floordiv(x + c1, c2), floordiv(c1, c2),
                     c1.Eval()->value > 0 && c2.Eval()->value > 0 &&
                         CanProveLess(x.Eval() + c1.Eval(), c2.Eval()->value) &&
                         CanProveGreaterEqual(x.Eval(), -(c1.Eval()->value % c2.Eval()->value)));
}
