#!/usr/bin/env bash
# The CLI checks too slow for the unit tier under the sanitizers (tens of seconds each): the guard
# search of `rules verify`, the regression programs replayed with Z3, and a longer program campaign.
# The fast CLI checks are cli.sh. Usage: cli_full.sh VSIMP_BINARY SOURCE_DIR
set -u
bin=$1
root=$2
. "$root/tests/cli_common.sh"
mkdir -p "$tmp/user"

# 1. Suggested guards (docs/rules.md, "Suggested guards"): a refuted rule gets `suggest: rule ...`, a
# guard under which it holds; the suggested rule, verified on its own, is proved at every instance.
# A rule no guard of the vocabulary repairs says so; --no-suggest skips the search.
sg="$tmp/user/suggest.rules"
cat >"$sg" <<'RULES'
family division
rule sg_tdivmod : tdiv(x, c) * c + x % c => x
family comparison
rule sg_cmp : x - y < 0 => x < y
family select
rule sg_sel : select(b, x, false) => b & x
RULES
expect_rc 1 "rules verify: suggested guards" -- "$bin" rules verify --rules "$sg" -j 2
if grep -q "^suggest: rule sg_tdivmod : tdiv(x, c) \* c + x % c => x where " "$tmp/out" &&
   grep -q "^suggest: rule sg_cmp : x - y < 0 => x < y where " "$tmp/out" &&
   grep -q "^no guard suggested for sg_sel ($sg:6): " "$tmp/out"; then ok; else bad "suggest: $(cat "$tmp/out")"; fi
{ echo "family division"; sed -n 's/^suggest: \(rule sg_tdivmod \)/\1/p' "$tmp/out"
  echo "family comparison"; sed -n 's/^suggest: \(rule sg_cmp \)/\1/p' "$tmp/out"; } >"$tmp/user/suggested.rules"
expect_rc 0 "the suggested rules are proved" -- "$bin" rules verify --rules "$tmp/user/suggested.rules" -j 2
grep -q "2 rules, .* 0 refuted" "$tmp/out" && ok || bad "suggested rules: $(cat "$tmp/out")"
expect_rc 1 "rules verify --no-suggest" -- "$bin" rules verify --rules "$sg" --only sg_tdivmod --no-suggest -j 2
grep -q "^suggest:\\|^no guard suggested" "$tmp/out" && bad "--no-suggest: $(cat "$tmp/out")" || ok
expect_rc 1 "rules verify --json: suggestions" -- "$bin" rules verify --rules "$sg" --only sg_tdivmod --json -j 2
grep -q '"suggestions":\[{"rule":"sg_tdivmod","found":true,"text":"rule sg_tdivmod : ' "$tmp/out" && ok ||
  bad "--json suggestions: $(cat "$tmp/out")"

# 2. Programs: every regression program replays through the pass and every oracle (Z3 always) without
# a finding, and a longer campaign than cli.sh's runs clean.
expect_rc 0 "fuzz replays corpus/regressions/programs" -- "$bin" fuzz --target program "$root/corpus/regressions/programs"
expect_rc 0 "fuzz program campaign" -- "$bin" fuzz --target program --execs 100 --smt never --json
grep -q '"execs":1[0-9][0-9]' "$tmp/out" && ok || bad "fuzz --target program --json: $(head -c 300 "$tmp/out")"

echo "cli_full: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
