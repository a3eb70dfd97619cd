#!/usr/bin/env bash
# The reference compiler's Simplify tests as vsimp programs (corpus/programs/pypto/, README there):
# for each case NAME.vs, `vsimp simplify` must print NAME.out.vs when that exists (vsimp differs from
# the reference there, for the reason its first line gives) and the reference's expected program
# NAME.ref.vs otherwise; `vsimp check` must prove the run, and must decide the reference's own
# expected program (valid, or invalid where NAME.out.vs says the reference is wrong).
# Usage: pypto.sh VSIMP_BINARY SOURCE_DIR
set -u
bin=$1
dir=$2/corpus/programs/pypto
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

for src in "$dir"/*.vs; do
  case $src in *.ref.vs | *.out.vs) continue ;; esac
  n=$(basename "$src" .vs)
  ref=$dir/$n.ref.vs
  want=$ref
  [ -f "$dir/$n.out.vs" ] && want=$dir/$n.out.vs
  if ! "$bin" simplify "$src" >"$tmp/out" 2>"$tmp/err"; then
    bad "$n: simplify failed"; sed 's/^/  | /' "$tmp/err" | head -5; continue
  fi
  if ! diff <(grep -v '^#' "$want") "$tmp/out" >"$tmp/diff"; then
    bad "$n: output differs from $(basename "$want")"; sed 's/^/  | /' "$tmp/diff" | head -20; continue
  fi
  # Every run proved in full: loops by induction or unrolled completely, never a bounded check.
  verdict=$("$bin" check "$src" "$tmp/out" 2>&1 | head -1)
  [ "$verdict" = "valid" ] || { bad "$n: check of the run: $verdict"; continue; }
  refv=$("$bin" check "$src" "$ref" 2>&1 | head -1)
  if [ "$want" = "$ref" ] || ! grep -q "^# vsimp's expected output: LESS" "$want"; then
    [ "$refv" = "valid" ] || { bad "$n: the reference's program: $refv, wanted valid"; continue; }
  else
    [ "$refv" = "invalid" ] || { bad "$n: the reference's program: $refv, wanted invalid"; continue; }
  fi
  pass=$((pass + 1))
done
echo "pypto: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
