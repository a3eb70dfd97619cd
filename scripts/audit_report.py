#!/usr/bin/env python3
"""The per-rule audit report of imported rules (docs/audit.md): reads the rules file written by
`vsimp rules import`, the ledger `rules verify --rules FILE` wrote (FILE.ledger: each instance's
verdict) and its --json output (the counterexamples), and prints a JSON report (--json) or Markdown.

Each imported call is a pair: NAME as the peer wrote it (wrapping ops) and NAME_nsw (every + - * and
unary - no-signed-overflow). Per pair, over the signed widths i8..i64:
  valid both      every signed width proved in both forms
  valid nsw only  the nsw form proved at every signed width, the wrapping one refuted at some
  refuted both    the nsw form refuted at some signed width (the smallest one is reported)
  unknown         neither refuted in the nsw form nor proved everywhere
and over the unsigned widths u8..u64 (where both forms are the same rule: unsigned ops wrap in both
peers): valid, refuted (smallest width), unknown. The importer does not see the C++ around a call, so
an unsigned refutation may be of a rule the peer applies to signed types only.

usage: audit_report.py RULES LEDGER VERIFY_JSON [--json] [--peer NAME]
"""
import json
import re
import sys

WIDTHS = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    as_json = "--json" in sys.argv
    rules_path, ledger_path, verify_path = args[:3]
    rules, untranslated, src = {}, [], None
    for line in open(rules_path):
        line = line.rstrip("\n")
        m = re.match(r"# untranslated (\S+): (.*)$", line)
        if m:
            untranslated.append({"where": m.group(1), "why": m.group(2)})
            continue
        m = re.match(r"# (\S+:\d+)$", line)
        if m:
            src = m.group(1)
            continue
        m = re.match(r"rule (\S+) : (.*)$", line)
        if m and not m.group(1).endswith("_nsw"):
            rules[m.group(1)] = {"where": src, "text": m.group(2)}
    status = {}
    for line in open(ledger_path):
        if line.startswith("#"):
            continue
        f = line.split()
        if len(f) >= 4:
            status[(f[1], f[2])] = f[3]
    cex = {}
    vj = json.load(open(verify_path))
    for fl in vj.get("failures", []):
        cex[(fl["rule"], fl["instance"])] = fl.get("counterexample", "")
    out = []
    counts = {"valid both": 0, "valid nsw only": 0, "refuted both": 0, "unknown": 0, "not verified": 0}
    ucounts = {"valid": 0, "refuted": 0, "unknown": 0, "not verified": 0}
    for name, r in rules.items():
        w = {dt: status.get((name, dt)) for dt in WIDTHS}
        n = {dt: status.get((name + "_nsw", dt)) for dt in WIDTHS}
        sw = [d for d in WIDTHS if d[0] == "i"]
        uw = [d for d in WIDTHS if d[0] == "u"]
        if all(w[d] is None and n[d] is None for d in sw):
            cat = "not verified"
        elif any(n[d] == "refuted" for d in sw):
            cat = "refuted both"
        elif all(n[d] == "proved" for d in sw) and all(w[d] == "proved" for d in sw):
            cat = "valid both"
        elif all(n[d] == "proved" for d in sw) and any(w[d] == "refuted" for d in sw):
            cat = "valid nsw only"
        else:
            cat = "unknown"
        if all(w[d] is None for d in uw):
            ucat = "not verified"
        elif any(w[d] == "refuted" for d in uw):
            ucat = "refuted"
        elif all(w[d] == "proved" for d in uw):
            ucat = "valid"
        else:
            ucat = "unknown"
        counts[cat] += 1
        ucounts[ucat] += 1
        e = {"rule": name, "where": r["where"], "text": r["text"], "class": cat, "unsigned": ucat, "wrap": w, "nsw": n}
        if cat == "refuted both":
            dt = next(d for d in sw if n[d] == "refuted")
            e["smallest"] = dt
            e["counterexample"] = cex.get((name + "_nsw", dt), "")
        elif cat == "valid nsw only":
            dt = next(d for d in sw if w[d] == "refuted")
            e["smallest"] = dt
            e["counterexample"] = cex.get((name, dt), "")
        if ucat == "refuted":
            dt = next(d for d in uw if w[d] == "refuted")
            e["unsigned_smallest"] = dt
            e["unsigned_counterexample"] = cex.get((name, dt), "")
        out.append(e)
    report = {"rules": len(rules), "untranslated": len(untranslated), "signed": counts, "unsigned": ucounts,
              "per_rule": out,
              "untranslated_list": untranslated}
    if as_json:
        json.dump(report, sys.stdout, indent=1)
        print()
        return
    print("| signed widths (i8..i64) | rules |\n|---|---|")
    for k, v in counts.items():
        print(f"| {k} | {v} |")
    print("\n| unsigned widths (u8..u64) | rules |\n|---|---|")
    for k, v in ucounts.items():
        print(f"| {k} | {v} |")

    def first_line(c):
        return c.strip().split("\n")[0].lstrip("# ") if c else ""

    for cat in ["refuted both", "unknown", "valid nsw only"]:
        sel = [e for e in out if e["class"] == cat]
        if not sel:
            continue
        print(f"\n### Signed: {cat} ({len(sel)})\n")
        for e in sel:
            print(f"- `{e['rule']}` ({e['where']}): `{e['text']}`")
            if e.get("counterexample"):
                print(f"  - at {e['smallest']}: {first_line(e['counterexample'])}")
            if cat == "unknown":
                bad = [d + ":" + str(e["nsw"][d]) for d in WIDTHS if d[0] == "i" and e["nsw"][d] != "proved"]
                print(f"  - nsw form not proved at: {', '.join(bad)}")
    sel = [e for e in out if e["unsigned"] == "refuted"]
    if sel:
        print(f"\n### Unsigned: refuted ({len(sel)})\n")
        for e in sel:
            print(f"- `{e['rule']}` ({e['where']}) at {e['unsigned_smallest']}: "
                  f"{first_line(e['unsigned_counterexample'])}")

if __name__ == "__main__":
    main()
