#!/usr/bin/env bash
# Importing Halide's and TVM's rules (docs/audit.md), through the CLI. The unit tier imports small files
# in each peer's syntax (tests/import/) and checks the rules written; the full tier (--full) also
# verifies them with Z3, which takes minutes under the sanitizers.
# Usage: cli_import.sh VSIMP_BINARY SOURCE_DIR [--full]
set -u
bin=$1
root=$2
full=${3:-}
. "$root/tests/cli_common.sh"

# Each call becomes a rule twice (wraparound, nsw) or an `# untranslated` line with its reason.
expect_rc 0 "import halide" -- "$bin" rules import --from halide "$root/tests/import/Simplify_Sample.cpp" -o "$tmp/h.rules"
grep -q "25 calls, 25 rules: 22 translated, 3 untranslated" "$tmp/err" && ok || bad "import halide counts: $(cat "$tmp/err")"
grep -q '^rule halide_sample_8 : ediv((x \* c0), c1) => ediv(x, ediv(c1, c0)) where .*(c0 > 0)' "$tmp/h.rules" &&
  grep -q '^rule halide_sample_7_nsw : ediv(nsw(x \* 2), 2) => x ' "$tmp/h.rules" &&
  grep -q '^rule halide_sample_11 : (x && (!(x) || y)) => (x && y) where bool(x) && bool(y)$' "$tmp/h.rules" &&
  grep -q "^# untranslated .*Simplify_Sample.cpp:12: vector-only form 'ramp'" "$tmp/h.rules" &&
  grep -q "^# untranslated .*Simplify_Sample.cpp:17: 'can_prove' under a negation" "$tmp/h.rules" && ok || bad "import halide text: $(cat "$tmp/h.rules")"
# can_prove(fact) becomes a guard on the bounds that implies the fact: interval arithmetic over vmin/vmax
# of the variables, each + - * of the fact required not to overflow (no_overflow), A == B as both
# one and the same value; Halide's true_value/false_value, is_float, is_max_value, cast(op->type, e).
grep -q '^rule halide_sample_13 : .* where .* && (vmax(x) < vmin(y))$' "$tmp/h.rules" &&
  grep -q '^rule halide_sample_14 : (min((x + c0), y) - min(x, w)) => .* && (no_overflow((w + c0)) && (vmax(y) <= (vmin(w) + c0)))$' "$tmp/h.rules" &&
  grep -q '^rule halide_sample_15 : .* && (no_overflow((x - y)) && no_overflow((z - w)) && (((vmax(x) - vmin(y)) <= (vmin(z) - vmax(w))) && ((vmax(z) - vmin(w)) <= (vmin(x) - vmax(y)))))$' "$tmp/h.rules" &&
  grep -q '^rule halide_sample_16 : .* && (((c0 > 0) && (((vmax(x) // c0) <= 0) && (0 <= (vmin(x) // c0)))) && (vmin(y) >= 0)) && (c0 != 0)$' "$tmp/h.rules" &&
  grep -q '^rule halide_sample_18 : max(x, c0) => c0 where .*(bits(c0) == 32 && c0 == 2147483647).*(unsigned(c0) && .*(bits(c0) == 8 && c0 == 255)' "$tmp/h.rules" &&
  grep -q '^rule halide_sample_19 : .* => false where .* && (!(float(x)) && (c1 <= (c0 + 1)))$' "$tmp/h.rules" &&
  grep -q '^rule halide_sample_26 : select(true, x, y) => x ' "$tmp/h.rules" &&
  grep -q '^rule halide_sample_27 : select(x, y, y) => y ' "$tmp/h.rules" &&
  grep -q '^rule halide_sample_28 : select(x, false, true) => cast(!(x)) ' "$tmp/h.rules" && ok || bad "import halide facts: $(cat "$tmp/h.rules")"
# The C++ around a call (Simplify_Sample.cpp:33-49): under `denominator_non_zero &&`, up to the end of
# its group or a `||` at its level, the divisor's bounds exclude 0; under `is_float() &&` a call is
# float-only; a constant divisor is never 0 (Halide rewrites x / 0 and x % 0 to 0 first).
grep -q '^rule halide_sample_39 : ediv(x, x) => 1 where !float(x) && !index(x) && ((vmax(x) < 0) || (0 < vmin(x)))$' "$tmp/h.rules" &&
  grep -q '^rule halide_sample_40 : ediv(x, x) => select((x == 0), 0, 1) where !float(x) && !index(x)$' "$tmp/h.rules" &&
  grep -q '^rule halide_sample_42 : ediv((x \* y), x) => y where .* && ((vmax(x) < 0) || (0 < vmin(x)))$' "$tmp/h.rules" &&
  grep -q '^rule halide_sample_44_nsw : ediv(nsw(x + y), x) => .* && ((vmax(x) < 0) || (0 < vmin(x)))$' "$tmp/h.rules" &&
  grep -q '^rule halide_sample_44_b : ediv((y - x), x) => (ediv(y, x) - 1) where !float(y) && !index(y) && !float(x) && !index(x)$' "$tmp/h.rules" &&
  grep -q "^# untranslated .*Simplify_Sample.cpp:45: float-only form (under 'is_float() &&')" "$tmp/h.rules" &&
  grep -q '^rule halide_sample_46 : (ediv(x, c0) - x) => ediv((x \* (1 - c0)), c0) where !float(x) && !index(x) && (c0 != 0)$' "$tmp/h.rules" &&
  grep -q '^rule halide_sample_9 : .* where !float(x) && !index(x) && (c0 != 0)$' "$tmp/h.rules" &&
  ok || bad "import halide context: $(cat "$tmp/h.rules")"
expect_rc 0 "import tvm" -- "$bin" rules import --from tvm "$root/tests/import/rewrite_simplify.cc" -o "$tmp/t.rules"
grep -q "11 calls, 12 rules: 10 translated, 2 untranslated" "$tmp/err" && ok || bad "import tvm counts: $(cat "$tmp/err")"
grep -q '^rule tvm_rs_9_2 : (max(x, y) + min(x, y)) => (x + y)' "$tmp/t.rules" &&
  grep -q '^rule tvm_rs_14 : tmod(x, c1) => (x % c1) where .*(vmin(x) >= 0) && (c1 > 0)' "$tmp/t.rules" &&
  grep -q "^# untranslated .*rewrite_simplify.cc:15: float constant 'c4'" "$tmp/t.rules" && ok || bad "import tvm text: $(cat "$tmp/t.rules")"
# CanProveGreaterEqual and CanProveLess of a compound term, CanProveEqual: the same interval guards
# (the bound k of CanProveGreaterEqual(a, k) is C++ arithmetic on constants: the guard's own).
grep -q '^rule tvm_rs_17 : tmod(((x \* c1) + y), c2) => .* && (no_overflow((x \* c1)) && (min((vmin(x) \* c1), (vmax(x) \* c1)) >= 0))) && (vmin(y) >= 0))$' "$tmp/t.rules" &&
  grep -q '^rule tvm_rs_20 : .* && ((c1 > 0) && (((vmax(y) // c1) <= 0) && (0 <= (vmin(y) // c1)))))$' "$tmp/t.rules" &&
  grep -q '^rule tvm_rs_23 : .* && (no_overflow((x + c1)) && ((vmax(x) + c1) < c2))) && (vmin(x) >= (-((c1 % c2)))))$' "$tmp/t.rules" &&
  ok || bad "import tvm facts: $(cat "$tmp/t.rules")"
expect_rc 2 "import unknown peer" -- "$bin" rules import --from llvm "$root/tests/import/rewrite_simplify.cc"

# The full tier: the rules verify, and a rule that holds only without overflow is refuted as written and
# proved in its nsw form.
if [ "$full" != --full ]; then
  echo "cli_import: $pass passed, $fail failed (the verification runs with --full)"
  [ "$fail" -eq 0 ]
  exit
fi

# A translated guard is never weaker than the fact: `FACT => true where GUARD` (FACT computed in the
# dtype, wrapping) is proved with the guards the importer wrote (at 8 bits, to keep it short), and the
# same guard without its no_overflow conjunct is refuted.
g14=$(sed -n 's/^rule halide_sample_14 : .* && !float(w) && !index(w) && //p' "$tmp/h.rules")
g15=$(sed -n 's/^rule halide_sample_15 : .* && !float(w) && !index(w) && //p' "$tmp/h.rules")
g17=$(sed -n 's/^rule tvm_rs_17 : .* && !float(y) && !index(y) && //p' "$tmp/t.rules")
g20=$(sed -n 's/^rule tvm_rs_20 : .* && !float(y) && !index(y) && //p' "$tmp/t.rules")
{
  echo "family identity"
  echo "rule fact_14 : y <= w + c0 => true where bits(y) == 8 && $g14"
  echo "rule fact_15 : x - y == z - w => true where bits(x) == 8 && $g15"
  echo "rule fact_17 : (x * c1 >= 0) && (y >= 0) && (c2 == c2) => true where bits(x) == 8 && bits(y) == 8 && bits(c2) == 8 && $g17"
  echo "rule fact_20 : (y // c1 == 0) && (c2 == c2) => true where bits(y) == 8 && bits(c2) == 8 && $g20"
} >"$tmp/facts.rules"
[ -n "$g14" ] && [ -n "$g15" ] && [ -n "$g17" ] && [ -n "$g20" ] && ok || bad "import: guards not found for the fact check"
expect_rc 0 "imported guards imply their facts" -- "$bin" rules verify --rules "$tmp/facts.rules" -j 1 --no-cache --no-suggest
grep -q ", 0 refuted .*, 0 unknown" "$tmp/err" "$tmp/out" && ok || bad "imported guards imply their facts: $(cat "$tmp/out" "$tmp/err")"
printf 'family identity\nrule weak_14 : y <= w + c0 => true where bits(y) == 8 && vmax(y) <= vmin(w) + c0\n' >"$tmp/weak.rules"
expect_rc 1 "a guard without no_overflow is weaker" -- "$bin" rules verify --rules "$tmp/weak.rules" -j 1 --no-cache --no-suggest
expect_rc 1 "verify imported halide" -- "$bin" rules verify --rules "$tmp/h.rules" -j 1 --timeout 20000 --no-cache
for dt in i8 i32 u8; do
  grep -q "^refuted halide_sample_7 at $dt " "$tmp/out" && ok || bad "halide_sample_7 at $dt not refuted"
done
for dt in i8 i16 i32 i64; do
  ! grep -q "^refuted halide_sample_7_nsw at $dt " "$tmp/out" && ! grep -q "^unknown halide_sample_7_nsw at $dt " "$tmp/out" &&
    ! grep -q "^refuted halide_sample_5 at $dt " "$tmp/out" && ok || bad "halide_sample_7_nsw or _5 at $dt not proved"
  # x / c0 * c0 + x % c0 -> x, refuted at c0 = 0 alone, which the importer now excludes (c0 != 0).
  ! grep -q "^refuted halide_sample_9 at $dt " "$tmp/out" && ok || bad "halide_sample_9 (c0 != 0) at $dt refuted"
  ! grep -q "^refuted halide_sample_39" "$tmp/out" && ok || bad "halide_sample_39 (x / x, denominator_non_zero) refuted at $dt"
done

echo "cli_import: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
