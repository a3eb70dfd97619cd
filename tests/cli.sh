#!/usr/bin/env bash
# CLI tests: runs the built vsimp on the corpus and on bad input, checking verdicts, exit codes and
# the one-line error format. Usage: cli.sh VSIMP_BINARY SOURCE_DIR
set -u
bin=$1
root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect_rc CODE DESCRIPTION -- COMMAND...
expect_rc() {
  local want=$1 what=$2
  shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ "$rc" -eq "$want" ]; then ok; else bad "$what: exit $rc, wanted $want"; sed 's/^/  | /' "$tmp/out" "$tmp/err" | head -20; fi
}

# One error line, FILE:LINE:COL: error: ..., and nothing on stdout.
expect_one_error_line() {
  local what=$1 pattern=$2
  local lines
  lines=$(wc -l <"$tmp/err")
  if [ "$lines" -eq 1 ] && grep -Eq "$pattern" "$tmp/err" && [ ! -s "$tmp/out" ]; then ok
  else bad "$what: wanted one line matching '$pattern', got:"; sed 's/^/  | /' "$tmp/err" "$tmp/out" | head -10; fi
}

# 1. Verdicts of the check corpus: each file says `# expect: VERDICT`.
for f in "$root"/corpus/check/*.vs "$root"/corpus/regressions/*.vs; do
  [ -e "$f" ] || continue
  want=$(sed -n 's/^# expect: *\([a-z]*\).*/\1/p' "$f" | head -1)
  [ -n "$want" ] || continue
  case $want in valid) code=0 ;; invalid) code=1 ;; unknown) code=3 ;; *) bad "$f: bad expectation"; continue ;; esac
  expect_rc $code "check $f" -- "$bin" check "$f"
  first=$(head -1 "$tmp/out")
  [ "$first" = "$want" ] && ok || bad "check $f: printed '$first', wanted '$want'"
  # The same case through the solver alone (no exhaustive enumeration) must give the same verdict.
  expect_rc $code "check --exhaustive 0 $f" -- "$bin" check --exhaustive 0 "$f"
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

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
