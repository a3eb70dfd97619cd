// halide_bench: the side-by-side. The same generated expressions (i32) go through vsimp's rewriter and
// through Halide's simplifier (Halide::Internal::simplify, with the variables' ranges in its bounds
// Scope), in one run; it reports both throughputs and output sizes and their ratios, then converts
// Halide's outputs back and counts, with vsimp's refinement checker (Z3), those that are not valid
// under wraparound, and checks vsimp's outputs the same way.
//
// Built only when CMake finds Halide (Debian: libhalide14-0-dev). C++17; vsimp itself stays C11 and is
// reached through bench_common.h / vsimp_side.h.
#include <Halide.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "bench_common.h"

using namespace Halide;
using namespace Halide::Internal;

namespace {

const char *usage =
    "usage: halide_bench [OPTIONS]\n"
    "\n"
    "Simplifies generated i32 index expressions with vsimp and with Halide's simplifier, reports both\n"
    "throughputs and output sizes, and checks sampled outputs of both for validity under wraparound.\n"
    "\n"
    "  --n N            expressions (default 100000)\n"
    "  --seed S         generator seed (default 1)\n"
    "  --reps R         repetitions; the fastest is reported (default 3)\n"
    "  --check N        Z3-check N sampled outputs of each simplifier (default 500; 0: none)\n"
    "  --timeout MS     per check (default 5000)\n"
    "  --examples K     print up to K of Halide's outputs found invalid (default 3)\n"
    "  --ledger FILE    apply this proof ledger after vsimp's built-in one\n"
    "  --rules-dir DIR  vsimp's rules from DIR/*.rules and DIR/ledger.txt instead of the built-in ones\n"
    "  --batch B        expressions per vsimp context (default 1000; 0: one context for the whole set)\n"
    "  --matcher M      vsimp's matcher: full (default) or simple\n"
    "  --show K         print the first K inputs with both outputs\n"
    "  --larger K       print the first K inputs whose vsimp output is larger than Halide's, with sizes\n"
    "  --quick          a smoke run: --n 2000 --reps 1 --check 20\n"
    "Times are CPU seconds of the measuring thread; vsimp's headline is a fresh memo per expression.\n";

// Counts IR nodes (as a tree), the same measure as vsimp's vs_tree_size.
struct Counter : public IRVisitor {
  uint64_t n = 0;
#define VSIMP_COUNT(T)              \
  void visit(const T *op) override { \
    n++;                             \
    IRVisitor::visit(op);            \
  }
  VSIMP_COUNT(IntImm)
  VSIMP_COUNT(UIntImm)
  VSIMP_COUNT(FloatImm)
  VSIMP_COUNT(StringImm)
  VSIMP_COUNT(Cast)
  VSIMP_COUNT(Variable)
  VSIMP_COUNT(Add)
  VSIMP_COUNT(Sub)
  VSIMP_COUNT(Mul)
  VSIMP_COUNT(Div)
  VSIMP_COUNT(Mod)
  VSIMP_COUNT(Min)
  VSIMP_COUNT(Max)
  VSIMP_COUNT(EQ)
  VSIMP_COUNT(NE)
  VSIMP_COUNT(LT)
  VSIMP_COUNT(LE)
  VSIMP_COUNT(GT)
  VSIMP_COUNT(GE)
  VSIMP_COUNT(And)
  VSIMP_COUNT(Or)
  VSIMP_COUNT(Not)
  VSIMP_COUNT(Select)
  VSIMP_COUNT(Load)
  VSIMP_COUNT(Ramp)
  VSIMP_COUNT(Broadcast)
  VSIMP_COUNT(Call)
  VSIMP_COUNT(Let)
  VSIMP_COUNT(Shuffle)
  VSIMP_COUNT(VectorReduce)
#undef VSIMP_COUNT
};

uint64_t count_nodes(const Expr &e) {
  Counter c;
  e.accept(&c);
  return c.n;
}

Expr build(const BNode *e, size_t n, const std::vector<Expr> &vars, std::vector<Expr> &tmp) {
  tmp.resize(n);
  for (size_t j = 0; j < n; j++) {
    const BNode &b = e[j];
    const Expr &x = b.a >= 0 ? tmp[b.a] : tmp[j];
    const Expr &y = b.b >= 0 ? tmp[b.b] : tmp[j];
    const Expr &z = b.c >= 0 ? tmp[b.c] : tmp[j];
    Expr r;
    switch ((BOp)b.op) {
    case B_CONST: r = b.is_bool ? make_bool(b.v != 0) : IntImm::make(Int(32), b.v); break;
    case B_VAR: r = vars[b.v]; break;
    case B_ADD: r = Add::make(x, y); break;
    case B_SUB: r = Sub::make(x, y); break;
    case B_MUL: r = Mul::make(x, y); break;
    case B_DIV:  // the generator's divisors are positive constants: floor == Euclidean
    case B_EDIV: r = Div::make(x, y); break;
    case B_MOD:
    case B_EMOD: r = Mod::make(x, y); break;
    case B_MIN: r = Min::make(x, y); break;
    case B_MAX: r = Max::make(x, y); break;
    case B_LT: r = LT::make(x, y); break;
    case B_LE: r = LE::make(x, y); break;
    case B_EQ: r = EQ::make(x, y); break;
    case B_NE: r = NE::make(x, y); break;
    case B_AND: r = And::make(x, y); break;
    case B_OR: r = Or::make(x, y); break;
    case B_NOT: r = Not::make(x); break;
    case B_SELECT: r = Select::make(x, y, z); break;
    case B_CAST: r = Cast::make(b.is_bool ? Bool() : Int(32), x); break;
    default: return Expr();
    }
    tmp[j] = r;
  }
  return n ? tmp[n - 1] : Expr();
}

// Halide's output back in the neutral form; false for anything outside i32/bool scalar arithmetic.
struct Converter {
  BSet *out;
  const std::vector<std::string> &names;
  // The new node's index, or -2 (allocation failure; -1 means "no operand").
  int32_t add(BOp op, bool is_bool, int32_t a, int32_t b = -1, int32_t c = -1, int64_t v = 0) {
    int32_t r = bset_add(out, op, is_bool, a, b, c, v);
    return r < 0 ? -2 : r;
  }
  int32_t conv(const Expr &e) {
    Type t = e.type();
    bool is_bool = t.is_bool();
    if (!(t == Int(32) || is_bool)) return -2;
    if (const IntImm *i = e.as<IntImm>()) return add(B_CONST, false, -1, -1, -1, i->value);
    if (const UIntImm *u = e.as<UIntImm>()) return is_bool ? add(B_CONST, true, -1, -1, -1, u->value != 0) : -2;
    if (const Variable *v = e.as<Variable>()) {
      for (size_t k = 0; k < names.size(); k++)
        if (names[k] == v->name) return add(B_VAR, false, -1, -1, -1, (int64_t)k);
      return -2;
    }
#define VSIMP_BIN(T, OP)                                  \
  if (const T *o = e.as<T>()) {                           \
    int32_t a = conv(o->a), b = a < 0 ? -2 : conv(o->b); \
    return a < 0 || b < 0 ? -2 : add(OP, is_bool, a, b);  \
  }
    VSIMP_BIN(Add, B_ADD)
    VSIMP_BIN(Sub, B_SUB)
    VSIMP_BIN(Mul, B_MUL)
    VSIMP_BIN(Div, B_EDIV)
    VSIMP_BIN(Mod, B_EMOD)
    VSIMP_BIN(Min, B_MIN)
    VSIMP_BIN(Max, B_MAX)
    VSIMP_BIN(EQ, B_EQ)
    VSIMP_BIN(NE, B_NE)
    VSIMP_BIN(LT, B_LT)
    VSIMP_BIN(LE, B_LE)
    VSIMP_BIN(And, B_AND)
    VSIMP_BIN(Or, B_OR)
#undef VSIMP_BIN
    if (const GT *o = e.as<GT>()) {  // a > b is b < a
      int32_t b = conv(o->b), a = b < 0 ? -2 : conv(o->a);
      return a < 0 || b < 0 ? -2 : add(B_LT, true, b, a);
    }
    if (const GE *o = e.as<GE>()) {
      int32_t b = conv(o->b), a = b < 0 ? -2 : conv(o->a);
      return a < 0 || b < 0 ? -2 : add(B_LE, true, b, a);
    }
    if (const Not *o = e.as<Not>()) {
      int32_t a = conv(o->a);
      return a < 0 ? -2 : add(B_NOT, true, a);
    }
    if (const Select *o = e.as<Select>()) {
      int32_t c = conv(o->condition), a = c < 0 ? -2 : conv(o->true_value), b = a < 0 ? -2 : conv(o->false_value);
      return c < 0 || a < 0 || b < 0 ? -2 : add(B_SELECT, is_bool, c, a, b);
    }
    if (const Cast *o = e.as<Cast>()) {
      Type f = o->value.type();
      if (!(f == Int(32) || f.is_bool())) return -2;
      int32_t a = conv(o->value);
      return a < 0 ? -2 : add(B_CAST, is_bool, a);
    }
    return -2;
  }
};

struct HalideStats {
  double build_s = 0, simplify_s = 0;
  uint64_t nodes_in = 0, nodes_out = 0;
  size_t heap_bytes = 0;
};

bool run_halide(const BSet &in, int reps, std::vector<Expr> &outs, HalideStats &st) {
  std::vector<Expr> vars;
  Scope<Interval> bounds;
  for (size_t k = 0; k < bench_nvars; k++) {
    const BVar &v = bench_vars[k];
    vars.push_back(Variable::make(Int(32), v.name));
    Expr lo = v.lo_inf ? Interval::neg_inf() : Expr((int32_t)v.lo);
    Expr hi = v.hi_inf ? Interval::pos_inf() : Expr((int32_t)v.hi);
    bounds.push(v.name, Interval(lo, hi));
  }
  double best = -1;
  std::vector<Expr> tmp;
  for (int rep = 0; rep < (reps < 1 ? 1 : reps); rep++) {
    std::vector<Expr> ins;
    outs.clear();
    ins.reserve(in.nexpr);
    outs.reserve(in.nexpr);
    size_t heap0 = vb_heap_bytes();
    double t0 = vb_now();
    for (size_t i = 0; i < in.nexpr; i++) {
      size_t n;
      const BNode *e = bset_expr(&in, i, &n);
      ins.push_back(build(e, n, vars, tmp));
    }
    tmp.clear();
    double t1 = vb_now();
    for (size_t i = 0; i < in.nexpr; i++) outs.push_back(simplify(ins[i], true, bounds));
    double t2 = vb_now();
    size_t heap = vb_heap_bytes() - heap0;
    if (best < 0 || t2 - t0 < best) {
      best = t2 - t0;
      st.build_s = t1 - t0;
      st.simplify_s = t2 - t1;
      st.heap_bytes = heap;
    }
    if (rep == 0) {
      st.nodes_in = st.nodes_out = 0;
      for (size_t i = 0; i < in.nexpr; i++) {
        st.nodes_in += count_nodes(ins[i]);
        st.nodes_out += count_nodes(outs[i]);
      }
    }
  }
  return true;
}

void row(const char *what, const char *fmt, double v, double h, bool ratio, const char *note = "") {
  char a[32], b[32], c[32];
  snprintf(a, sizeof a, fmt, v);
  snprintf(b, sizeof b, fmt, h);
  if (ratio && h > 0) snprintf(c, sizeof c, "%.2fx", v / h);
  else snprintf(c, sizeof c, "%s", "");
  printf("  %-34s %14s %14s %10s  %s\n", what, a, b, c, note);
}

}  // namespace

int main(int argc, char **argv) {
  BenchOptions o;
  bench_options_default(&o);
  o.check = 500;
  int examples = 3;
  size_t larger = 0;
  for (int i = 1; i < argc; i++) {
    int r = bench_option(&o, argc, argv, &i);
    if (r < 0) return 2;
    if (r > 0) continue;
    if (!strcmp(argv[i], "--examples") && i + 1 < argc) examples = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--larger") && i + 1 < argc) larger = strtoull(argv[++i], nullptr, 10);
    else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      fputs(usage, stdout);
      return 0;
    } else {
      fprintf(stderr, "halide_bench: unknown option '%s' (see --help)\n", argv[i]);
      return 2;
    }
  }
  BSet set;
  bset_init(&set);
  if (!bench_generate(&set, o.n, o.seed)) {
    fprintf(stderr, "halide_bench: out of memory\n");
    return 4;
  }
  printf("side by side: vsimp vs Halide (Halide::Internal::simplify), dtype i32 (Halide Int(32))\n");
  bench_print_set_summary(&set, &o);
  char err[256];
  VbSide *vb = vb_new(false, o.rules_dir, o.ledger, o.simple, o.batch, err, sizeof err);
  if (!vb) {
    fprintf(stderr, "halide_bench: %s\n", err);
    return 4;
  }
  bench_print_catalog(vb);

  // vsimp: the batch-memo mode first, then the headline (fresh memo per expression), whose outputs
  // vb keeps for the checks.
  VbStats batch, vs;
  bench_print_vsimp_header();
  if (!vb_run(vb, &set, VB_BATCH_MEMO, o.reps, &batch)) return 4;
  bench_print_vsimp_row("i32", VB_BATCH_MEMO, o.batch, &batch);
  if (!vb_run(vb, &set, VB_FRESH_MEMO, o.reps, &vs)) return 4;
  bench_print_vsimp_row("i32", VB_FRESH_MEMO, o.batch, &vs);

  std::vector<Expr> houts;
  HalideStats hs;
  run_halide(set, o.reps, houts, hs);

  double vt = vs.build_s + vs.simplify_s, ht = hs.build_s + hs.simplify_s;
  double ne = (double)set.nexpr;
  printf("\n  %-34s %14s %14s %10s\n", "", "vsimp", "Halide", "vsimp/Halide");
  row("build s (from the neutral form)", "%.4f", vs.build_s, hs.build_s, false);
  row("simplify s", "%.4f", vs.simplify_s, hs.simplify_s, false);
  row("build + simplify s", "%.4f", vt, ht, false);
  row("expressions/s (build + simplify)", "%.0f", ne / vt, ne / ht, true, "<- headline: > 1 is vsimp faster");
  row("expressions/s (simplify only)", "%.0f", ne / vs.simplify_s, ne / hs.simplify_s, true);
  row("input Mnodes/s (build + simplify)", "%.2f", (double)vs.nodes_in / vt / 1e6, (double)hs.nodes_in / ht / 1e6,
      true);
  row("input nodes", "%.0f", (double)vs.nodes_in, (double)hs.nodes_in, false);
  row("output nodes", "%.0f", (double)vs.nodes_out, (double)hs.nodes_out, true, "<- <= 1 is vsimp no larger");
  row("output / input nodes", "%.3f", (double)vs.nodes_out / (double)vs.nodes_in,
      (double)hs.nodes_out / (double)hs.nodes_in, false);
  row("heap bytes per input node", "%.1f", vs.heap_bytes ? (double)vs.heap_bytes / (double)vs.nodes_in : 0,
      hs.heap_bytes ? (double)hs.heap_bytes / (double)hs.nodes_in : 0, false, "(live after build + simplify)");

  // Halide's outputs, back in the neutral form (untimed), and per-expression size comparison.
  std::vector<std::string> names;
  for (size_t k = 0; k < bench_nvars; k++) names.emplace_back(bench_vars[k].name);
  BSet hset;
  bset_init(&hset);
  size_t unconvertible = 0;
  for (size_t i = 0; i < houts.size(); i++) {
    bset_begin(&hset);
    Converter c{&hset, names};
    if (c.conv(houts[i]) < 0) {  // left empty: the checks skip it
      unconvertible++;
      bset_abandon(&hset);
    }
    bset_end(&hset);
  }
  if (unconvertible) printf("  %zu of Halide's outputs use IR outside i32/bool arithmetic (not checked)\n", unconvertible);

  if (o.show) {
    for (size_t i = 0; i < o.show && i < set.nexpr; i++) {
      printf("[%zu] in:     ", i);
      vb_print_expr(vb, &set, i, false, stdout);
      printf("     vsimp:  ");
      vb_print_expr(vb, &set, i, true, stdout);
      std::cout << "     Halide: " << houts[i] << "\n";
    }
  }

  if (larger) {
    size_t shown = 0, count = 0;
    uint64_t excess = 0;
    for (size_t i = 0; i < set.nexpr; i++) {
      size_t v = vb_expr_size(vb, i, true), h = count_nodes(houts[i]);
      if (v <= h) continue;
      count++;
      excess += v - h;
      if (shown++ >= larger) continue;
      printf("[%zu] vsimp %zu, Halide %zu, in: ", i, v, h);
      vb_print_expr(vb, &set, i, false, stdout);
      printf("     vsimp:  ");
      vb_print_expr(vb, &set, i, true, stdout);
      std::cout << "     Halide: " << houts[i] << "\n";
    }
    printf("  %zu outputs of vsimp larger than Halide's, %llu nodes in excess\n", count, (unsigned long long)excess);
  }

  int rc = 0;
  if (o.check) {
    VbCheck hc, vc;
    printf("\nchecking %zu sampled outputs of each with Z3 (%u ms per query)", o.check, o.timeout_ms);
    if (examples > 0) printf("; the first %d of Halide's found invalid, as vsimp cases:", examples);
    printf("\n\n");
    fflush(stdout);
    if (!vb_check(vb, &hset, o.check, o.timeout_ms, &hc, stdout, examples) ||
        !vb_check(vb, nullptr, o.check, o.timeout_ms, &vc, stdout, examples)) {
      fprintf(stderr, "halide_bench: the checks failed to run\n");
      return 4;
    }
    bench_print_check("Halide", "i32", &hc);
    bench_print_check("vsimp", "i32", &vc);
    if (vc.invalid || vc.error) rc = 1;
  }
  bset_free(&hset);
  bset_free(&set);
  vb_free(vb);
  return rc;
}
