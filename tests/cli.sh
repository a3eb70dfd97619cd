#!/usr/bin/env bash
# CLI tests: runs the built vsimp on the corpus and on bad input, checking verdicts, exit codes and
# the one-line error format. Usage: cli.sh VSIMP_BINARY SOURCE_DIR
set -u
bin=$1
root=$2
. "$root/tests/cli_common.sh"

# 1. Verdicts of the check corpus: each file says `# expect: VERDICT`.
for f in "$root"/corpus/check/*.vs "$root"/corpus/regressions/*.vs; do
  [ -e "$f" ] || continue
  want=$(sed -n 's/^# expect: *\([a-z]*\).*/\1/p' "$f" | head -1)
  [ -n "$want" ] || continue
  case $want in valid) code=0 ;; invalid) code=1 ;; unknown) code=3 ;; *) bad "$f: bad expectation"; continue ;; esac
  # A generous wall-clock limit: the slowest case (graph_pow_odd_blowup.vs, 4.5 s of Z3 under the
  # sanitizers) came out unknown under the default 10 s on a loaded machine.
  expect_rc $code "check $f" -- "$bin" check --timeout 60000 "$f"
  first=$(head -1 "$tmp/out")
  [ "$first" = "$want" ] && ok || bad "check $f: printed '$first', wanted '$want'"
  # The same case through the solver alone (no exhaustive enumeration) must give the same verdict.
  expect_rc $code "check --exhaustive 0 $f" -- "$bin" check --timeout 60000 --exhaustive 0 "$f"
done

# 2. Bad input: each file says `# expect-error: LINE:COL: TEXT`.
for f in "$root"/corpus/bad/*.vs; do
  [ -e "$f" ] || continue
  spec=$(sed -n 's/^# expect-error: *//p' "$f" | head -1)
  pos=${spec%%: *}
  text=${spec#*: }
  for cmd in check eval; do
    expect_rc 2 "$cmd $f" -- "$bin" $cmd "$f"
    expect_one_error_line "$cmd $f" "^$f:$pos: error: .*$text"
  done
done

# 3. Inputs that are not even text files.
expect_rc 2 "missing file" -- "$bin" check "$tmp/nope.vs"
expect_one_error_line "missing file" "^$tmp/nope.vs:1:1: error: "
: >"$tmp/empty.vs"
expect_rc 2 "empty file" -- "$bin" check "$tmp/empty.vs"
expect_one_error_line "empty file" "^$tmp/empty.vs:1:1: error: "
head -c 4096 /dev/urandom >"$tmp/garbage.vs"
printf '\x00\x01\xff' >>"$tmp/garbage.vs"
expect_rc 2 "binary garbage" -- "$bin" check "$tmp/garbage.vs"
expect_one_error_line "binary garbage" "^$tmp/garbage.vs:[0-9]+:[0-9]+: error: "
expect_rc 2 "directory" -- "$bin" check "$tmp"
expect_one_error_line "directory" "^$tmp:1:1: error: "
awk 'BEGIN { printf "x: i32\n"; for (i = 0; i < 200000; i++) printf "("; printf "x"; for (i = 0; i < 200000; i++) printf ")"; printf "\n" }' >"$tmp/deep.vs"
expect_rc 2 "deep nesting" -- "$bin" check "$tmp/deep.vs"
expect_one_error_line "deep nesting" "^$tmp/deep.vs:2:[0-9]+: error: .*nested too deeply"

# 4. Usage.
expect_rc 2 "no command" -- "$bin"
expect_rc 2 "unknown command" -- "$bin" frobnicate
expect_rc 2 "check without file" -- "$bin" check
expect_rc 2 "unknown option" -- "$bin" check --frob "$root/corpus/check/div_self.vs"
expect_rc 2 "bad timeout" -- "$bin" check --timeout abc "$root/corpus/check/div_self.vs"
for c in "" check eval gate; do
  expect_rc 0 "$c --help" -- "$bin" $c --help
  grep -q "usage: vsimp" "$tmp/out" && ok || bad "$c --help prints no usage"
  expect_rc 0 "$c --version" -- "$bin" $c --version
  grep -Eq "^vsimp [0-9]+\.[0-9]+\.[0-9]+$" "$tmp/out" && ok || bad "$c --version"
done

# 5. Counterexamples and JSON.
expect_rc 1 "invalid with counterexample" -- "$bin" check "$root/corpus/check/inc_gt_i8.vs"
grep -q "x = 127_i8" "$tmp/out" && grep -q "source = false" "$tmp/out" && grep -q "target = true" "$tmp/out" && ok ||
  bad "inc_gt_i8 counterexample"; 
expect_rc 1 "f32 -0.0 counterexample" -- "$bin" check --exhaustive 0 "$root/corpus/check/add_zero_f32.vs"
grep -q "x = -0.0_f32" "$tmp/out" && ok || bad "add_zero_f32 counterexample"
expect_rc 1 "json invalid" -- "$bin" check --json "$root/corpus/check/inc_gt_i8.vs"
grep -q '"verdict":"invalid"' "$tmp/out" && grep -q '"x":"127_i8"' "$tmp/out" && ok || bad "json invalid: $(cat "$tmp/out")"
expect_rc 0 "json valid" -- "$bin" check --json "$root/corpus/check/affine_div.vs"
grep -q '"verdict":"valid"' "$tmp/out" && ok || bad "json valid"
# Bad input under --json: the error line on stderr and one error object on stdout, for every command.
printf 'x: i8\nx +\n' >"$tmp/bad_json.vs"
printf 'func main(x: i32) {\n  y: i32 = z + 1\n}\n' >"$tmp/bad_prog.vs"
for form in "check $tmp/bad_json.vs" "eval $tmp/bad_json.vs" "simplify $tmp/bad_json.vs" \
            "simplify $tmp/bad_prog.vs" "check $tmp/bad_prog.vs $tmp/bad_prog.vs"; do
  set -- $form
  expect_rc 2 "json error: $form" -- "$bin" "$@" --json
  grep -q "^{\"command\":\"$1\",\"verdict\":\"error\",\"where\":\".*:[0-9]*:[0-9]*\",\"error\":" "$tmp/out" &&
    [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || bad "json error object for $form: $(cat "$tmp/out")"
done
printf 'x: i32\ny: i32\nx + y\n' >"$tmp/src.vs"
printf 'x: i32\ny: i32\ny + x\n' >"$tmp/tgt.vs"
expect_rc 0 "two-file check" -- "$bin" check "$tmp/src.vs" "$tmp/tgt.vs"
printf 'x: i32 in [0, 5]\ny: i32\ny + x\n' >"$tmp/tgt2.vs"
expect_rc 2 "two-file check with different declarations" -- "$bin" check "$tmp/src.vs" "$tmp/tgt2.vs"
"$bin" check --smt2 "$tmp/q.smt2" "$root/corpus/check/div_self.vs" >/dev/null 2>&1
if command -v z3 >/dev/null; then
  [ "$(z3 "$tmp/q.smt2" | head -1)" = "unsat" ] && ok || bad "--smt2 query not unsat under z3"
fi

# 6. eval.
printf 'x: i8\ny: i8\nx + y\n' >"$tmp/e.vs"
expect_rc 0 "eval wraps" -- "$bin" eval "$tmp/e.vs" x=127 y=1
[ "$(cat "$tmp/out")" = "-128_i8" ] && ok || bad "eval 127+1: $(cat "$tmp/out")"
printf 'x: i32\n10 // x\n' >"$tmp/d.vs"
expect_rc 0 "eval UB" -- "$bin" eval "$tmp/d.vs" x=0
[ "$(cat "$tmp/out")" = "UB" ] && ok || bad "eval 10//0: $(cat "$tmp/out")"
expect_rc 0 "eval floor division" -- "$bin" eval "$tmp/d.vs" x=-3
[ "$(cat "$tmp/out")" = "-4_i32" ] && ok || bad "eval 10//-3: $(cat "$tmp/out")"
expect_rc 2 "eval missing value" -- "$bin" eval "$tmp/e.vs" x=1
expect_rc 2 "eval value out of dtype" -- "$bin" eval "$tmp/e.vs" x=1 y=300
expect_rc 2 "eval unknown variable" -- "$bin" eval "$tmp/e.vs" x=1 y=2 z=3
expect_rc 0 "eval json" -- "$bin" eval --json "$tmp/e.vs" x=1 y=2
grep -q '"value":"3_i8"' "$tmp/out" && ok || bad "eval json: $(cat "$tmp/out")"

# 7. simplify with the built-in catalog and its ledger.
printf 'x: i32\n((x + 0) * 1) + (3 + 4)\n' >"$tmp/s.vs"
expect_rc 0 "simplify" -- "$bin" simplify "$tmp/s.vs"
[ "$(cat "$tmp/out")" = "x + 7" ] && ok || bad "simplify: $(cat "$tmp/out")"
expect_rc 0 "simplify --trace --verify" -- "$bin" simplify --trace --verify "$tmp/s.vs"
[ "$(awk '{print $1}' "$tmp/out" | head -3 | tr '\n' ' ')" = "add_zero mul_one constant_fold " ] && ok ||
  bad "simplify --trace: $(cat "$tmp/out")"
grep -qx "x + 7" "$tmp/out" && grep -qx "verify: valid" "$tmp/out" && ok || bad "simplify --verify: $(cat "$tmp/out")"
expect_rc 0 "simplify --json" -- "$bin" simplify --json "$tmp/s.vs"
grep -q '"result":"x + 7"' "$tmp/out" && grep -q '"budget_exhausted":false' "$tmp/out" && ok ||
  bad "simplify --json: $(cat "$tmp/out")"
printf 'x: f32\nx + 0.0\n' >"$tmp/f.vs"
expect_rc 0 "simplify keeps x + 0.0 at f32" -- "$bin" simplify "$tmp/f.vs"
[ "$(cat "$tmp/out")" = "x + 0.0" ] && ok || bad "simplify f32: $(cat "$tmp/out")"
printf 'x: i32\n5 // 0 + x * 0\n' >"$tmp/ub.vs"
expect_rc 0 "simplify never folds UB" -- "$bin" simplify --verify "$tmp/ub.vs"
grep -q "^5[_i32]* // 0$" "$tmp/out" && grep -qx "verify: valid" "$tmp/out" && ok || bad "simplify UB: $(cat "$tmp/out")"
expect_rc 2 "simplify a case" -- "$bin" simplify "$root/corpus/check/div_self.vs"
expect_one_error_line "simplify a case" "^$root/corpus/check/div_self.vs:1:1: error: "
expect_rc 2 "simplify missing file" -- "$bin" simplify "$tmp/nope.vs"
expect_one_error_line "simplify missing file" "^$tmp/nope.vs:1:1: error: "
expect_rc 2 "simplify bad matcher" -- "$bin" simplify --matcher frob "$tmp/s.vs"
expect_rc 0 "simplify --help" -- "$bin" simplify --help
grep -q "usage: vsimp simplify" "$tmp/out" && ok || bad "simplify --help"
# A `semantics nsw` file gets the no-signed-overflow rules (docs/rules.md): a scaled sum divided by its
# scale, then a common term cancelled across <; unmarked, both hold only where nothing wraps and stay.
printf 'semantics nsw\nx: i32\ny: i32\n(x * 4 + y) // 4 < x + 3\n' >"$tmp/nsw.vs"
expect_rc 0 "simplify semantics nsw" -- "$bin" simplify --trace --verify "$tmp/nsw.vs"
grep -q "^div_add_mul_nsw " "$tmp/out" && grep -q "^lt_add_both_nsw " "$tmp/out" && grep -qx "y < 12" "$tmp/out" &&
  grep -qx "verify: valid" "$tmp/out" && ok || bad "simplify semantics nsw: $(cat "$tmp/out")"
printf 'x: i32\ny: i32\n(x * 4 + y) // 4 < x + 3\n' >"$tmp/wrap.vs"
expect_rc 0 "simplify the same, wrapping" -- "$bin" simplify "$tmp/wrap.vs"
[ "$(cat "$tmp/out")" = "(y + x * 4) // 4 < x + 3" ] && ok || bad "simplify wrapping: $(cat "$tmp/out")"
# A masked index keeps its mask: the invalid rules run before mul_zero (docs/semantics.md, "The invalid
# index"), and INVALID prints as `invalid` in eval.
printf 'm: bool\nx: index\nselect(m, x, invalid) * 0\n' >"$tmp/mask.vs"
expect_rc 0 "simplify a masked index" -- "$bin" simplify --trace --verify "$tmp/mask.vs"
[ "$(awk '{print $1}' "$tmp/out" | head -2 | tr '\n' ' ')" = "invalid_push_mul mul_zero " ] && ok ||
  bad "simplify masked --trace: $(cat "$tmp/out")"
grep -qx "select(m, 0, invalid)" "$tmp/out" && grep -qx "verify: valid" "$tmp/out" && ok ||
  bad "simplify masked: $(cat "$tmp/out")"
expect_rc 0 "eval a masked index" -- "$bin" eval "$tmp/mask.vs" m=false x=3
[ "$(cat "$tmp/out")" = "invalid" ] && ok || bad "eval masked: $(cat "$tmp/out")"

# 8. rules list.
expect_rc 0 "rules list" -- "$bin" rules list
grep -Eq '^add_zero +identity +i8 i16 i32 i64 u8 u16 u32 u64 index$' "$tmp/out" && ok ||
  bad "rules list: add_zero: $(grep '^add_zero ' "$tmp/out")"
[ "$(wc -l <"$tmp/out")" -gt 100 ] && ok || bad "rules list: too few rules"
expect_rc 0 "rules list --json" -- "$bin" rules list --json
grep -q '"name":"add_zero","family":"identity"' "$tmp/out" && ok || bad "rules list --json"
expect_rc 0 "rules list --markdown" -- "$bin" rules list --markdown
grep -q '^| `add_zero` | identity |' "$tmp/out" && ok || bad "rules list --markdown"
# docs/catalog.md is that output, regenerated with `make docs` whenever a rule file or the ledger changes.
cmp -s "$tmp/out" "$root/docs/catalog.md" && ok || bad "docs/catalog.md is stale: run make docs"
expect_rc 2 "rules without subcommand" -- "$bin" rules
expect_rc 2 "rules unknown subcommand" -- "$bin" rules frob
expect_rc 0 "rules --help" -- "$bin" rules --help
grep -q "usage: vsimp rules" "$tmp/out" && ok || bad "rules --help"

# 9. A user's rule file: listed unproved, verified (a refuted rule: exit 1 with a counterexample that
# `vsimp check` reproduces), then used by simplify where its ledger proves it.
mkdir -p "$tmp/user"
u="$tmp/user/mine.rules"
cat >"$u" <<'RULES'
# user rules
family power
rule my_pow4 : pow(x, 4_i8)
    => x * x * (x * x)      # continued
rule my_bad : (x + 1) > x => true where signed(x)
RULES
printf 'x: i8\npow(x, 4)\n' >"$tmp/user/p.vs"
expect_rc 0 "rules list --rules" -- "$bin" rules list --rules "$u"
grep -Eq '^my_pow4 +power +none' "$tmp/out" && grep -Eq '^my_bad +power +none' "$tmp/out" && ok ||
  bad "rules list --rules: $(tail -2 "$tmp/out")"
expect_rc 0 "simplify --rules before any proof" -- "$bin" simplify --rules "$u" "$tmp/user/p.vs"
[ "$(cat "$tmp/out")" = "pow(x, 4)" ] && ok || bad "unproved user rule fired: $(cat "$tmp/out")"
expect_rc 1 "rules verify --only (refuted)" -- "$bin" rules verify --rules "$u" --only my_bad -j 2
grep -q "^refuted my_bad at i8 ($u:5)" "$tmp/out" && grep -q "5 refuted" "$tmp/out" && ok ||
  bad "rules verify --only my_bad: $(cat "$tmp/out")"
awk '/^refuted my_bad at i8 /{on=1; next} on && /^  counterexample/{next} on && /^    /{sub(/^    /, ""); print; next} {on=0}' \
  "$tmp/out" >"$tmp/user/cex.vs"
grep -q -- "-->" "$tmp/user/cex.vs" && ok || bad "no counterexample case printed: $(cat "$tmp/out")"
expect_rc 1 "vsimp check on the counterexample" -- "$bin" check "$tmp/user/cex.vs"
[ "$(head -1 "$tmp/out")" = "invalid" ] && grep -q "x = 127_i8" "$tmp/out" && ok ||
  bad "counterexample not reproduced: $(cat "$tmp/user/cex.vs") -> $(cat "$tmp/out")"
# Proved, but x four times in the template: not smaller in the catalog's reduction order (docs/rules.md,
# Termination), so rejected as a rule that may loop; its proof is recorded all the same.
expect_rc 1 "rules verify --only (proved, may loop)" -- "$bin" rules verify --rules "$u" --only my_pow4 -j 2
grep -q "1 instances: 1 proved" "$tmp/out" && grep -q "^may loop my_pow4 ($u:3): a variable occurs more often" "$tmp/out" &&
  ok || bad "rules verify --only my_pow4: $(cat "$tmp/out")"
# The ledger keeps both rules' records: a run about one rule replaces only that rule's.
grep -Eq '^[0-9a-f]{16} my_pow4 - proved ' "$u.ledger" && [ "$(grep -c ' my_bad [a-z0-9]* refuted ' "$u.ledger")" -eq 5 ] &&
  ok || bad "ledger after two --only runs: $(cat "$u.ledger")"
expect_rc 0 "simplify --rules with a proof" -- "$bin" simplify --trace --rules "$u" "$tmp/user/p.vs"
grep -q "^my_pow4 " "$tmp/out" && ok || bad "proved user rule did not fire: $(cat "$tmp/out")"
expect_rc 0 "rules list --rules after the proof" -- "$bin" rules list --rules "$u"
grep -Eq '^my_pow4 +power +-$' "$tmp/out" && ok || bad "rules list: my_pow4 not proved: $(grep my_pow4 "$tmp/out")"
# A changed rule text invalidates its proof.
sed -i 's/x \* x \* (x \* x)/(x * x) * (x * x)/' "$u"
expect_rc 0 "simplify --rules with a stale proof" -- "$bin" simplify --trace --rules "$u" "$tmp/user/p.vs"
grep -q "^my_pow4 " "$tmp/out" && bad "a stale proof made my_pow4 fire" || ok
expect_rc 2 "rules verify --only NAME unknown" -- "$bin" rules verify --rules "$u" --only nosuch
expect_rc 2 "rules verify --only a built-in with --rules" -- "$bin" rules verify --rules "$u" --only add_zero
expect_rc 1 "rules verify --json" -- "$bin" rules verify --json --rules "$u" --only my_bad -j 2
grep -q '"refuted":5' "$tmp/out" && grep -q '"counterexample":"# counterexample: x = 127_i8; source = false, target = true\\nx: i8' "$tmp/out" &&
  grep -q '"refuted_by":"search"' "$tmp/out" && ok || bad "rules verify --json: $(cat "$tmp/out")"
# Proof steps (docs/rules.md, "Proof steps"): a right step proves the rule by steps; a wrong one is
# named with the case that refutes it, and the rule is proved as it stands.
st="$tmp/user/steps.rules"
cat >"$st" <<'RULES'
family lemma
lemma my_steps : x * 2 - x => x where int(x)
  by x * 2 => x + x
lemma my_wrong_step : x * 2 - x => x where int(x)
  by x * 2 => x + x + 1
RULES
expect_rc 0 "rules verify: proof steps" -- "$bin" rules verify --rules "$st" --only my_steps -j 2 --no-cache --json
grep -q '"proved":9,' "$tmp/out" && grep -q '"step_notes":\[\]' "$tmp/out" && ok || bad "proof steps: $(cat "$tmp/out")"
expect_rc 0 "rules verify: a wrong proof step" -- "$bin" rules verify --rules "$st" --only my_wrong_step -j 2 --no-cache
grep -Eq "^steps of my_wrong_step at u8 \($st:4\): proof step 1 refuted: .*-->.*; proved without them" "$tmp/out" &&
  grep -q "9 proved" "$tmp/out" && ok || bad "a wrong proof step: $(cat "$tmp/out")"

# 9b. The second solver (cvc5, docs/rules.md "Two solvers"), when installed. The portfolio: Z3 stopped
# at once by its resource limit, cvc5 proves what it left open (a regression: cvc5 was not started when
# Z3's unknown came early). --second-solver cvc5 re-checks every proof; a cvc5 that contradicts Z3 (a
# wrapper on PATH turning its `unsat` into `sat`) makes exit 4 with both answers, never a verdict.
if command -v cvc5 >/dev/null 2>&1; then
  reg="$tmp/user/portfolio.rules"
  cp "$root/corpus/regressions/rules/portfolio_z3_unknown_early.rules" "$reg"
  expect_rc 3 "rules verify --second-solver none --rlimit 1" -- "$bin" rules verify --rules "$reg" --no-search --rlimit 1 --second-solver none -j 1
  rm -f "$reg.ledger"
  expect_rc 0 "rules verify portfolio --rlimit 1" -- "$bin" rules verify --rules "$reg" --no-search --rlimit 1 -j 1 --json
  n=$(sed -n 's/.*"instances":\([0-9]*\).*/\1/p' "$tmp/out")
  grep -q "\"proved_by_cvc5\":$n," "$tmp/out" && [ "$n" -gt 0 ] && grep -Eq "^[0-9a-f]{16} reg_add_sub_cancel i32 proved cvc5-[0-9.]+ " "$reg.ledger" &&
    ok || bad "portfolio: not every instance proved by cvc5: $(cat "$tmp/out") $(cat "$reg.ledger")"
  rm -f "$reg.ledger"
  expect_rc 0 "rules verify --second-solver cvc5" -- "$bin" rules verify --rules "$reg" --second-solver cvc5 -j 1
  grep -Eq "re-checked by cvc5 [0-9.]+: $n proofs confirmed, 0 undecided by cvc5, 0 disagreements" "$tmp/out" && ok ||
    bad "--second-solver cvc5: $(cat "$tmp/out")"
  mkdir -p "$tmp/liar"
  real=$(command -v cvc5)
  printf '#!/bin/sh\n[ "$1" = --version ] && exec "%s" --version\n"%s" "$@" | sed "s/^unsat$/sat/"\n' "$real" "$real" >"$tmp/liar/cvc5"
  chmod +x "$tmp/liar/cvc5"
  rm -f "$reg.ledger"
  expect_rc 4 "rules verify --second-solver cvc5, the solvers disagree" -- env PATH="$tmp/liar:$PATH" "$bin" rules verify --rules "$reg" --second-solver cvc5 -j 1
  grep -q "^error reg_add_sub_cancel at i32 " "$tmp/out" && grep -Eq "the solvers disagree: z3 [0-9.]+ says unsat, cvc5 [0-9.]+ says sat" "$tmp/out" &&
    grep -q " $n disagreements" "$tmp/out" && ok || bad "disagreement: $(cat "$tmp/out")"
  grep -Eq " reg_add_sub_cancel [a-z0-9]+ proved " "$reg.ledger" 2>/dev/null && bad "a disagreement was recorded as a proof: $(cat "$reg.ledger")" || ok
else
  expect_rc 2 "rules verify --second-solver cvc5 without cvc5" -- "$bin" rules verify --rules "$u" --second-solver cvc5
fi
expect_rc 2 "rules verify --second-solver frob" -- "$bin" rules verify --rules "$u" --second-solver frob

# 10. Bad rule files: one line FILE:LINE:COL: error: ..., exit 2, for every command that loads them.
badrule() { # NAME LINE:COL MESSAGE CONTENT
  local f="$tmp/user/$1.rules" pos=$2 msg=$3
  printf '%s' "$4" >"$f"
  expect_rc 2 "rules list --rules $1" -- "$bin" rules list --rules "$f"
  expect_one_error_line "rules list --rules $1" "^$f:$pos: error: .*$msg"
  expect_rc 2 "simplify --rules $1" -- "$bin" simplify --rules "$f" "$tmp/s.vs"
  expect_one_error_line "simplify --rules $1" "^$f:$pos: error: .*$msg"
  expect_rc 2 "rules verify --rules $1" -- "$bin" rules verify --rules "$f"
  expect_one_error_line "rules verify --rules $1" "^$f:$pos: error: .*$msg"
}
badrule family 1:8 "unknown family 'frob'" $'family frob\nrule a : x + 0 => x\n'
badrule nofamily 1:1 "rule outside a known family" $'rule a : x + 0 => x\n'
badrule function 2:10 "unknown function 'frob'" $'family identity\nrule a : frob(x) => x\n'
badrule arity 2:10 "'min' takes 2 arguments, got 3" $'family identity\nrule a : min(x, y, z) => x\n'
badrule arrow 3:3 "expected '=>', got 'x'" $'family identity\nrule a : x + 0\n  x\n'
badrule template 2:19 "'y' is not a variable of the pattern" $'family identity\nrule a : x + 0 => y\n'
badrule guardvar 2:27 "'x' is not a constant variable" $'family identity\nrule a : x % c => x where x < c\n'
badrule negated 2:28 "no_overflow may not be negated" $'family identity\nrule a : x * c => x where !no_overflow(x * c)\n'
badrule conflict 2:16 "type conflict" $'family identity\nrule a : i8(x) + i16(y) => x\n'
badrule duplicate 2:1 "rule 'add_zero' is already defined at src/rules/identity.rules:" $'family identity\nrule add_zero : x + 0 => x\n'
badrule dup2 3:1 "rule 'a' is already defined at $tmp/user/dup2.rules:2" $'family identity\nrule a : x + 0 => x\nrule a : x * 1 => x\n'
badrule garbage 2:10 "unexpected character" $'family identity\nrule a : \x01 => x\n'
expect_rc 2 "rules list --rules missing" -- "$bin" rules list --rules "$tmp/user/nope.rules"
expect_one_error_line "rules list --rules missing" "^$tmp/user/nope.rules:1:1: error: cannot read"

# 10. fuzz: every regression case replays through the simplifier and every oracle (Z3 always) without a
# finding; a short campaign runs; usage errors; --print shows the case an input describes.
expect_rc 0 "fuzz replays corpus/regressions" -- "$bin" fuzz "$root/corpus/regressions"
expect_rc 0 "fuzz replays the fuzz_expr seeds" -- "$bin" fuzz --smt never "$root/corpus/fuzz_expr"
expect_rc 0 "fuzz short campaign" -- "$bin" fuzz --execs 300 --smt never --json
grep -q '"command":"fuzz"' "$tmp/out" && grep -q '"execs":3[0-9][0-9]' "$tmp/out" && ok || bad "fuzz --json: $(head -c 300 "$tmp/out")"
expect_rc 0 "fuzz parse campaign" -- "$bin" fuzz --target parse --execs 300
# Programs: the seeds replay, a short campaign runs, and --print shows the program a generator input
# describes (the regression programs replay with Z3 in cli_full.sh).
expect_rc 0 "fuzz replays a fuzz_program seed" -- "$bin" fuzz --target program --smt never "$root/corpus/fuzz_program/gen-00.bin"
expect_rc 0 "fuzz program campaign" -- "$bin" fuzz --target program --execs 20 --smt never --json
grep -q '"execs":20[,}]' "$tmp/out" && ok || bad "fuzz --target program --json: $(head -c 300 "$tmp/out")"
expect_rc 0 "fuzz --target program --print" -- "$bin" fuzz --target program --print "$root/corpus/fuzz_program/gen-00.bin"
grep -q '^func main(' "$tmp/out" && ok || bad "fuzz --target program --print: $(head -c 300 "$tmp/out")"
printf '# t\nx: f32\nx + 0.0 --> x\n' >"$tmp/fz.vs"
expect_rc 0 "fuzz replays a .vs case" -- "$bin" fuzz "$tmp/fz.vs"
expect_rc 0 "fuzz --print" -- "$bin" fuzz --print "$root/corpus/fuzz_expr/gen-00.bin"
[ -s "$tmp/out" ] && ok || bad "fuzz --print printed nothing"
# An input past --input-timeout is written out and the run exits with 1 (the endless-loop regression
# replays for half a second in release, its solver queries included: ten times the limit); a bad
# limit is a usage error.
expect_rc 1 "fuzz --input-timeout writes the input" -- "$bin" fuzz --target program --input-timeout 0.05 --out "$tmp/hang" \
  "$root/corpus/regressions/programs/confirm_endless_loop_fuel.vs"
ls "$tmp"/hang/timeout-*.input >/dev/null 2>&1 && grep -q "ran past 0.05 s" "$tmp/err" && ok ||
  bad "fuzz --input-timeout: $(head -c 300 "$tmp/err")"
expect_rc 2 "fuzz bad --input-timeout" -- "$bin" fuzz --input-timeout -3
expect_rc 2 "fuzz bad --input-timeout (not a number)" -- "$bin" fuzz --input-timeout 1s
expect_rc 2 "fuzz bad target" -- "$bin" fuzz --target frob
expect_rc 2 "fuzz bad smt mode" -- "$bin" fuzz --smt sometimes
expect_rc 2 "fuzz missing file" -- "$bin" fuzz "$tmp/nope.bin"
expect_rc 0 "fuzz --help" -- "$bin" fuzz --help
grep -q "usage: vsimp fuzz" "$tmp/out" && ok || bad "fuzz --help"

# 7. Programs (docs/syntax.md "Programs", docs/pass.md): every corpus program simplifies, in both
# modes, to a result that validates in full (loop by loop: never bounded), the same after a second
# run, and parses back; bad programs give one error line; a wrong target is refuted with a
# counterexample.
for f in "$root"/corpus/programs/*.vs; do
  [ -e "$f" ] || continue
  for mode in "" --constant-only; do
    expect_rc 0 "simplify --verify $mode $f" -- "$bin" simplify $mode --verify "$f"
    grep -q "^verify: valid$" "$tmp/out" && grep -q "0 refuted, 0 unknown" "$tmp/out" && ok || bad "simplify --verify $mode $f: $(grep verify "$tmp/out")"
    "$bin" simplify $mode "$f" >"$tmp/once.vs" 2>/dev/null
    "$bin" simplify $mode --runs 2 "$f" >"$tmp/twice.vs" 2>/dev/null
    case $f in *nest19*) ;; *) cmp -s "$tmp/once.vs" "$tmp/twice.vs" && ok || bad "simplify $mode $f is not idempotent" ;; esac
    expect_rc 0 "check $f against its simplification" -- "$bin" check "$f" "$tmp/once.vs"
    grep -q "^valid$" "$tmp/out" && ok || bad "check $f against its simplification: $(head -1 "$tmp/out")"
    expect_rc 0 "simplify the printout of $f" -- "$bin" simplify $mode "$tmp/once.vs"
  done
done
"$bin" simplify "$root/corpus/programs/nest19.vs" >"$tmp/n1.vs" 2>/dev/null
"$bin" simplify --runs 2 "$root/corpus/programs/nest19.vs" >"$tmp/n2.vs" 2>/dev/null
[ "$(grep -c 'for ' "$tmp/n1.vs")" -eq 3 ] && [ "$(grep -c 'for ' "$tmp/n2.vs")" -eq 0 ] && ok || bad "nest19: 3 loops after one run, none after two"
for f in "$root"/corpus/programs/bad/*.vs; do
  [ -e "$f" ] || continue
  spec=$(sed -n 's/^# expect-error: *//p' "$f" | head -1)
  pos=${spec%%: *}
  text=${spec#*: }
  expect_rc 2 "simplify $f" -- "$bin" simplify "$f"
  expect_one_error_line "simplify $f" "^$f:$pos: error: .*$text"
done
printf 'func main(x: i32 in [0, 100]) {
  if x == 57 { call g(x) }
  call f(x)
}
' >"$tmp/ps.vs"
printf 'func main(x: i32 in [0, 100]) {
  call f(x)
}
' >"$tmp/pt.vs"
expect_rc 1 "program check invalid" -- "$bin" check "$tmp/ps.vs" "$tmp/pt.vs"
grep -q "x = 57_i32" "$tmp/out" && grep -q "first divergence" "$tmp/out" && ok || bad "program counterexample: $(cat "$tmp/out")"
expect_rc 0 "program check valid" -- "$bin" check "$tmp/ps.vs" "$tmp/ps.vs"
expect_rc 1 "program check json" -- "$bin" check --json "$tmp/ps.vs" "$tmp/pt.vs"
grep -q '"verdict":"invalid"' "$tmp/out" && ok || bad "program check json: $(cat "$tmp/out")"
printf 'func main(n: index) {
  for i in range(0, n) { call f(i) }
}
' >"$tmp/pb.vs"
expect_rc 0 "program check by induction" -- "$bin" check "$tmp/pb.vs" "$tmp/pb.vs"
grep -q "^valid$" "$tmp/out" && grep -q "^loop main:2:3 (target 2:3): induction$" "$tmp/out" && ok || bad "induction verdict: $(cat "$tmp/out")"
expect_rc 0 "program check json methods" -- "$bin" check --json "$tmp/pb.vs" "$tmp/pb.vs"
grep -q '"method":"induction"' "$tmp/out" && ok || bad "program check json methods: $(cat "$tmp/out")"
expect_rc 0 "bounded program check" -- "$bin" check --no-induction "$tmp/pb.vs" "$tmp/pb.vs"
grep -q "valid (bounded" "$tmp/out" && grep -q ": bounded$" "$tmp/out" && ok || bad "bounded verdict: $(cat "$tmp/out")"
expect_rc 2 "program check with one file" -- "$bin" check "$tmp/ps.vs"
expect_rc 2 "program simplify unknown option" -- "$bin" simplify --matcher simple "$tmp/ps.vs"
expect_rc 0 "program simplify json" -- "$bin" simplify --json --verify "$tmp/ps.vs"
grep -q '"verdict":"valid"' "$tmp/out" && ok || bad "program simplify json: $(cat "$tmp/out")"
printf 'func main(x: index) {
  for i in range(0, 2) {
' >"$tmp/pu.vs"
expect_rc 2 "truncated program" -- "$bin" simplify "$tmp/pu.vs"
expect_one_error_line "truncated program" "^$tmp/pu.vs:3:1: error: expected '}'"

# 9. Vectors: eval with per-lane and every-lane values, counterexamples with lanes, one-line errors.
printf 'v: i32x4\nx: i32\ngep(v, [3, 2, 1, 0]) + bcast(x, 4)\n' >"$tmp/v.vs"
expect_rc 0 "vector eval" -- "$bin" eval "$tmp/v.vs" 'v=[1, 2, 3, -4]' x=10
[ "$(cat "$tmp/out")" = "[6_i32, 13_i32, 12_i32, 11_i32]" ] && ok || bad "vector eval: $(cat "$tmp/out")"
expect_rc 0 "vector eval every lane" -- "$bin" eval --json "$tmp/v.vs" v=1 x=0
grep -q '"value":"\[1_i32, 1_i32, 1_i32, 1_i32\]"' "$tmp/out" && ok || bad "vector eval json: $(cat "$tmp/out")"
expect_rc 2 "vector eval lane count" -- "$bin" eval "$tmp/v.vs" 'v=[1, 2]' x=0
grep -q "2 lane values given, the type has 4 lanes" "$tmp/err" && ok || bad "vector eval lanes: $(cat "$tmp/err")"
printf 'v: i32x4\nw: i32x4\nv // w\n' >"$tmp/vu.vs"
expect_rc 0 "vector eval UB" -- "$bin" eval "$tmp/vu.vs" v=7 'w=[1, 1, 0, 1]'
[ "$(cat "$tmp/out")" = "UB" ] && ok || bad "vector eval UB: $(cat "$tmp/out")"
expect_rc 1 "vector counterexample" -- "$bin" check "$root/corpus/check/vec_inc_gt_i8x4.vs"
grep -Eq '^  v = \[.*127_i8' "$tmp/out" && grep -q "source = \[" "$tmp/out" && ok || bad "vector cex: $(cat "$tmp/out")"
expect_rc 1 "vector counterexample json" -- "$bin" check --json "$root/corpus/check/vec_select_zero_f32x4.vs"
grep -q '"m":"\[' "$tmp/out" && grep -q '"source":"\[' "$tmp/out" && ok || bad "vector cex json: $(cat "$tmp/out")"
# the scalar gep(v, 2) + 0 simplifies; the vector product by bcast(1, 4) is a vector node: no rule yet
printf 'v: i32x4\nbcast(gep(v, 2) + 0, 4) * 1\n' >"$tmp/vs.vs"
expect_rc 0 "vector simplify" -- "$bin" simplify --verify "$tmp/vs.vs"
[ "$(head -1 "$tmp/out")" = "bcast(gep(v, 2), 4) * bcast(1, 4)" ] && grep -q "verify: valid" "$tmp/out" && ok || bad "vector simplify: $(cat "$tmp/out")"
expect_rc 0 "vector rule verify" -- "$bin" rules verify --only gep_vec_4_1
grep -q "13 instances: 13 proved" "$tmp/out" && ok || bad "vector rule verify: $(cat "$tmp/out")"
printf 'a: i8\nb: i8\ngep(vec(a, b, a, b), 1) + gep(bcast(a, 8), 3)\n' >"$tmp/vr.vs"
expect_rc 0 "vector rules fire" -- "$bin" simplify --verify --trace "$tmp/vr.vs"
grep -q "^gep_vec_4_1 " "$tmp/out" && grep -q "^gep_bcast_8_3 " "$tmp/out" && grep -q "verify: valid" "$tmp/out" && ok ||
  bad "vector rules fire: $(cat "$tmp/out")"
# GEP folds: pushed through the cast and through index arithmetic down to the lane's affine form, not
# through the i32 data op
printf 'x: index\nv: i32x4\nw: i32x4\ngep((bcast(x, 4) + vec(0, 1, 2, 3)) * 4 + index(v + w), 2)\n' >"$tmp/gp.vs"
expect_rc 0 "gep folds fire" -- "$bin" simplify --verify --trace "$tmp/gp.vs"
grep -q "^gep_index_alu " "$tmp/out" && grep -q "^gep_cast " "$tmp/out" &&
  grep -q "^x \* 4 + index(gep(v + w, 2)) + 8$" "$tmp/out" &&
  grep -q "verify: valid" "$tmp/out" && ok || bad "gep folds fire: $(cat "$tmp/out")"
printf 'v: i32x4\ngep(v, 4)\n' >"$tmp/vb.vs"
expect_rc 2 "gep out of range" -- "$bin" check "$tmp/vb.vs"
expect_one_error_line "gep out of range" "^$tmp/vb.vs:2:1: error: lane index 4 is out of range for i32x4"
printf 'v: i32x4\nw: i32x8\nv + w --> v\n' >"$tmp/vl.vs"
expect_rc 2 "lane mismatch" -- "$bin" eval "$tmp/vl.vs"
expect_one_error_line "lane mismatch" "^$tmp/vl.vs:3:3: error: operands of '\+' have different lane counts"

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
