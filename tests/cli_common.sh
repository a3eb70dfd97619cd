# Shared by the CLI test scripts (cli.sh, cli_import.sh): a scratch directory, pass/fail counters and
# the two checks every script uses. Source it after setting `bin` and `root`.
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
