#!/usr/bin/env bash
# CI reports (src/verify/ci_report.c): `rules verify`, `fuzz` and `gate` write JUnit XML and SARIF 2.1.0,
# read back with real parsers: xmllint (Debian libxml2-utils) parses and queries the JUnit file, and
# python3's jsonschema (Debian python3-jsonschema) validates the SARIF file against the SARIF 2.1.0
# schema (tests/sarif/sarif-schema-2.1.0.json, vendored: tests/sarif/NOTICE.md).
# usage: tests/reports.sh VSIMP_BINARY SOURCE_DIR
set -u
bin=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*" >&2; fail=$((fail + 1)); }
py=/usr/bin/python3
command -v xmllint >/dev/null || { echo "reports.sh: xmllint missing (scripts/deps.sh installs libxml2-utils)" >&2; exit 1; }
"$py" -c 'import jsonschema' 2>/dev/null || { echo "reports.sh: python3-jsonschema missing (scripts/deps.sh)" >&2; exit 1; }

# Validates FILE against the SARIF 2.1.0 schema, then runs the python CHECK on it (`doc` is the parsed
# JSON; CHECK is an expression that must be true).
sarif_ok() { # NAME FILE CHECK
  "$py" - "$2" "$src/tests/sarif/sarif-schema-2.1.0.json" "$3" <<'PY' 2>"$tmp/py.err" && ok || bad "$1: $(cat "$tmp/py.err")"
import json, sys, jsonschema
doc = json.load(open(sys.argv[1]))
schema = json.load(open(sys.argv[2]))
jsonschema.Draft4Validator.check_schema(schema)
jsonschema.Draft4Validator(schema).validate(doc)
if not eval("(" + sys.argv[3] + ")"):
    sys.exit("check failed: " + sys.argv[3] + "\n" + json.dumps(doc, indent=1)[:3000])
PY
}
# xmllint's XPath answer for EXPR on FILE.
xq() { xmllint --xpath "$2" "$1" 2>/dev/null; }

# 1. rules verify: wrong and sound rules, a wrong one with a quote, markup and a newline in its case.
cat >"$tmp/r.rules" <<'RULES'
family division
rule wrong_neg_div : -(x // c) => (-x) // c where c > 0
rule sound_add     : x + 0 => x where int(x)
rule wrong_lt      : (x + 1) > x => true where bits(x) == 8 && int(x)
RULES
"$bin" rules verify --rules "$tmp/r.rules" -j 2 --junit "$tmp/r.xml" --sarif "$tmp/r.sarif" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && ok || bad "rules verify: exit $rc, wanted 1: $(cat "$tmp/out")"
xmllint --noout "$tmp/r.xml" && ok || bad "rules verify: JUnit not well-formed"
n=$(grep -c 'instances' "$tmp/out")
tests=$(xq "$tmp/r.xml" 'string(/testsuites/@tests)')
cases=$(xq "$tmp/r.xml" 'count(//testcase)')
failures=$(xq "$tmp/r.xml" 'count(//testcase/failure)')
# One case per instance and one per rule (its termination); failures: refuted instances, rules that may loop.
want_inst=$(( $(sed -n 's/.* \([0-9]*\) instances:.*/\1/p' "$tmp/out") + 3 ))
want_ref=$(( $(sed -n 's/.* \([0-9]*\) refuted (.*/\1/p' "$tmp/out") + $(grep -c '^may loop' "$tmp/out") ))
[ "$n" -ge 1 ] && [ "$tests" = "$want_inst" ] && [ "$cases" = "$want_inst" ] && [ "$failures" = "$want_ref" ] && ok ||
  bad "rules verify JUnit: tests=$tests cases=$cases failures=$failures, wanted $want_inst and $want_ref: $(tail -1 "$tmp/out")"
[ "$(xq "$tmp/r.xml" 'count(/testsuites/testsuite[@name="division"])')" = 1 ] && ok || bad "JUnit: no suite division"
# A refuted instance: failure with the counterexample; a proved one: no child.
xq "$tmp/r.xml" 'string(//testcase[@name="wrong_neg_div at i32"]/failure)' | grep -q -- '-(x // 2) --> -x // 2' && ok ||
  bad "JUnit: no counterexample for wrong_neg_div at i32: $(xq "$tmp/r.xml" '//testcase[@name="wrong_neg_div at i32"]')"
[ "$(xq "$tmp/r.xml" 'string(//testcase[@name="wrong_neg_div at i32"]/@line)')" = 2 ] && ok || bad "JUnit: line of wrong_neg_div"
[ "$(xq "$tmp/r.xml" 'count(//testcase[@name="sound_add at i64"]/*)')" = 0 ] && ok || bad "JUnit: sound_add at i64 not a pass"
sarif_ok "rules verify SARIF" "$tmp/r.sarif" '
len(doc["runs"]) == 1 and
sorted(r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in doc["runs"][0]["results"] if r["ruleId"] == "vsimp.rule.refuted") == [2, 4] and
[r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in doc["runs"][0]["results"] if r["ruleId"] == "vsimp.rule.may-loop"] == [2] and
all(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("r.rules") for r in doc["runs"][0]["results"]) and
any("-(x // 2) --> -x // 2" in r["message"]["text"] and "i32" in r["message"]["text"] for r in doc["runs"][0]["results"]) and
all(r["level"] == "error" for r in doc["runs"][0]["results"] if r["ruleId"] == "vsimp.rule.refuted") and
doc["runs"][0]["tool"]["driver"]["rules"][doc["runs"][0]["results"][0]["ruleIndex"]]["id"] == doc["runs"][0]["results"][0]["ruleId"]'

# A clean run: every case passes, no SARIF result.
cat >"$tmp/ok.rules" <<'RULES'
family identity
rule good_one : x * 1 => x
RULES
"$bin" rules verify --rules "$tmp/ok.rules" -j 2 --junit "$tmp/ok.xml" --sarif "$tmp/ok.sarif" >"$tmp/out" 2>&1
[ $? -eq 0 ] && ok || bad "rules verify (clean): $(cat "$tmp/out")"
xmllint --noout "$tmp/ok.xml" && [ "$(xq "$tmp/ok.xml" 'count(//failure|//error|//skipped)')" = 0 ] &&
  [ "$(xq "$tmp/ok.xml" 'count(//testcase)')" -ge 13 ] && ok || bad "clean JUnit: $(cat "$tmp/ok.xml")"
sarif_ok "clean SARIF" "$tmp/ok.sarif" 'doc["runs"][0]["results"] == []'

# A rule that may loop (a failure, the cycle in the report) and a vacuous one (a SARIF warning).
cat >"$tmp/loop.rules" <<'RULES'
family canonical
rule swap : x + y => y + x
rule never : x + c => x where c > 0 && c < 0
RULES
"$bin" rules verify --rules "$tmp/loop.rules" -j 2 --junit "$tmp/l.xml" --sarif "$tmp/l.sarif" >"$tmp/out" 2>&1
[ $? -eq 1 ] && ok || bad "rules verify (loop): $(cat "$tmp/out")"
xmllint --noout "$tmp/l.xml" && xq "$tmp/l.xml" 'string(//testsuite[@name="termination"]/testcase[@name="swap terminates"]/failure)' | grep -q -- '--> x + y' &&
  [ "$(xq "$tmp/l.xml" 'count(//testsuite[@name="vacuity"]/testcase[@name="never can fire"]/skipped)')" = 1 ] && ok ||
  bad "JUnit (loop): $(cat "$tmp/l.xml")"
sarif_ok "SARIF (loop)" "$tmp/l.sarif" '
[(r["ruleId"], r["level"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in doc["runs"][0]["results"]] ==
  [("vsimp.rule.may-loop", "error", 2), ("vsimp.rule.vacuous", "warning", 3)] and
"y + x    (swap)" in doc["runs"][0]["results"][0]["message"]["text"]'

# Unwritable report: an I/O error, exit 4.
"$bin" rules verify --rules "$tmp/ok.rules" --junit "$tmp/nodir/x.xml" >/dev/null 2>&1
[ $? -eq 4 ] && ok || bad "unwritable --junit: not exit 4"

# 2. fuzz: a replayed regression case with a planted wrong rule is a finding located at that file.
cat >"$tmp/bad.rules" <<'RULES'
family identity
rule planted_bad : x ^ 5 => x where int(x)
RULES
"$bin" rules verify --rules "$tmp/bad.rules" --no-search -j 1 >/dev/null 2>&1   # refuted: never fires
printf 'x: i32\nx ^ 5\n' >"$tmp/case.vs"
"$bin" fuzz "$tmp/case.vs" --junit "$tmp/f.xml" --sarif "$tmp/f.sarif" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "fuzz replay: exit $rc: $(cat "$tmp/out")"
xmllint --noout "$tmp/f.xml" && [ "$(xq "$tmp/f.xml" 'count(//testcase[@name="campaign"])')" = 1 ] &&
  [ "$(xq "$tmp/f.xml" 'count(//failure)')" = 0 ] && ok || bad "fuzz JUnit: $(cat "$tmp/f.xml")"
sarif_ok "fuzz SARIF (clean)" "$tmp/f.sarif" 'doc["runs"][0]["results"] == []'
# A finding: the case's simplification under a rule file whose ledger says a wrong rule is proved
# (a hand-made ledger: what a corrupted proof would do).
h=$(sed -n 's/^\([0-9a-f]\{16\}\) planted_bad .*/\1/p' "$tmp/bad.rules.ledger" | head -1)
if [ -n "$h" ]; then
  sed -i 's/ refuted / proved /' "$tmp/bad.rules.ledger"
  "$bin" fuzz "$tmp/case.vs" --rules "$tmp/bad.rules" --smt never --out "$tmp/found" --junit "$tmp/g.xml" --sarif "$tmp/g.sarif" >"$tmp/out" 2>&1
  rc=$?
  [ $rc -eq 1 ] && ok || bad "fuzz with a wrong rule: exit $rc: $(cat "$tmp/out")"
  xmllint --noout "$tmp/g.xml" && [ "$(xq "$tmp/g.xml" 'count(//testcase/failure)')" -ge 2 ] && ok || bad "fuzz JUnit with a finding: $(cat "$tmp/g.xml")"
  sarif_ok "fuzz SARIF with a finding" "$tmp/g.sarif" '
len(doc["runs"][0]["results"]) >= 1 and
all(r["ruleId"] == "vsimp.fuzz.finding" and r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].startswith(sys.argv[1].rsplit("/", 1)[0] + "/found/") for r in doc["runs"][0]["results"])'
  for f in $(sed -n 's/.*"uri": "\([^"]*\)".*/\1/p' "$tmp/g.sarif"); do [ -f "$f" ] && ok || bad "SARIF location $f missing"; done
else
  bad "no ledger line for planted_bad"
fi

# 3. gate: a short gate (no fuzz) writes one case per stage. Its conformance stage takes minutes under
# the sanitizers: only when VSIMP_REPORTS_GATE=1.
[ "${VSIMP_REPORTS_GATE:-0}" = 1 ] || { echo "reports: $pass passed, $fail failed (gate skipped: VSIMP_REPORTS_GATE=1 runs it)"; [ $fail -eq 0 ]; exit; }
"$bin" gate --fuzz-execs 0 -j 2 --junit "$tmp/gate.xml" --sarif "$tmp/gate.sarif" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "gate: exit $rc: $(tail -3 "$tmp/out")"
xmllint --noout "$tmp/gate.xml" && [ "$(xq "$tmp/gate.xml" 'count(//testsuite[@name="gate"]/testcase)')" = 4 ] &&
  [ "$(xq "$tmp/gate.xml" 'count(//testcase[@name="stage fuzz"]/skipped)')" = 1 ] &&
  [ "$(xq "$tmp/gate.xml" 'count(//failure)')" = 0 ] && ok || bad "gate JUnit: $(cat "$tmp/gate.xml")"
sarif_ok "gate SARIF" "$tmp/gate.sarif" 'doc["runs"][0]["results"] == []'

echo "reports: $pass passed, $fail failed"
[ $fail -eq 0 ]
