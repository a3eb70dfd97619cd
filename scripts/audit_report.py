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

A rule refutes the peer's own semantics (the `finding` field) when its nsw form is refuted at i32 or
i64 with a different value: not a target that is UB (an overflow the template introduces: at 32 and 64
bits Halide's Fold::make yields its signed_integer_overflow marker for an overflowing fold), and not a point where a variable is UB (vsimp's
select is lazy, so its untaken operand may be UB; the peers' operands are values). Both peers assume
no signed overflow at 32 and 64 bits; Halide's 8- and 16-bit signed ints wrap, but whether it applies
a rule at those widths depends on the C++ around the call, which the importer does not see, so a
wrapping refutation at i8 or i16 is not counted as a finding. Pass --peer halide or --peer tvm.

usage: audit_report.py RULES LEDGER VERIFY_JSON [--json] [--peer NAME] [--vsimp BINARY]

A counterexample the solver found is a case without its point: with --vsimp, `vsimp check` is run on
it (which also reproduces every refutation reported) and its point is added.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

WIDTHS = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"]


def with_point(vsimp, case):
    """The case with `# counterexample: POINT; source = S, target = T` from `vsimp check` on top."""
    with tempfile.NamedTemporaryFile("w", suffix=".vs", delete=False) as f:
        f.write(case)
    try:
        r = subprocess.run([vsimp, "check", "--timeout", "20000", f.name], capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    if r.returncode != 1:
        return "# vsimp check: " + (r.stdout.split("\n")[0] or "error") + " (not reproduced)\n" + case
    pts = [l.strip() for l in r.stdout.split("\n")[2:] if "=" in l]
    point = ", ".join(p for p in pts if not p.startswith(("source", "target")))
    st = ", ".join(p for p in pts if p.startswith(("source", "target")))
    return f"# counterexample: {point}; {st}\n" + case


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    as_json = "--json" in sys.argv
    peer = sys.argv[sys.argv.index("--peer") + 1] if "--peer" in sys.argv else "tvm"
    vsimp = sys.argv[sys.argv.index("--vsimp") + 1] if "--vsimp" in sys.argv else None
    args = [a for a in args if a not in ("halide", "tvm") and a != vsimp]
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
        c = fl.get("counterexample", "")
        if c and vsimp and not c.startswith("# counterexample"):
            c = with_point(vsimp, c)
        cex[(fl["rule"], fl["instance"])] = c
    out = []
    counts = {"valid both": 0, "valid nsw only": 0, "refuted both": 0, "unknown": 0, "not verified": 0}
    ucounts = {"valid": 0, "refuted": 0, "unknown": 0, "not verified": 0}
    for name, r in rules.items():
        w = {dt: status.get((name, dt)) for dt in WIDTHS}
        n = {dt: status.get((name + "_nsw", dt)) for dt in WIDTHS}
        sw = [d for d in WIDTHS if d[0] == "i"]
        uw = [d for d in WIDTHS if d[0] == "u"]
        if all(w[d] is None and n[d] is None for d in WIDTHS) and (name, "bool") in status:
            sw = ["bool"]  # a rule over bools only: one instance, no width
            w["bool"], n["bool"] = status.get((name, "bool")), status.get((name + "_nsw", "bool"))
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
        if e.get("counterexample"):
            c = e["counterexample"]
            e["kind"] = ("UB variable" if "= UB" in c.split(";")[0] else
                         "target UB" if "target = UB" in c else "value")
        def kind(rule, d):
            c = cex.get((rule, d), "")
            return "target UB" if "target = UB" in c else "value"
        finding = None
        for d in ["i32", "i64"]:
            c = cex.get((name + "_nsw", d), "")
            point = c.split(";")[0] if c.startswith("# counterexample") else ""
            if n[d] == "refuted" and kind(name + "_nsw", d) == "value" and "= UB" not in point and point:
                finding = (d, name + "_nsw")
                break
        if finding:
            e["finding"] = {"at": finding[0], "form": finding[1], "counterexample": cex.get((finding[1], finding[0]), "")}
        if ucat == "refuted":
            dt = next(d for d in uw if w[d] == "refuted")
            e["unsigned_smallest"] = dt
            e["unsigned_counterexample"] = cex.get((name, dt), "")
        out.append(e)
    report = {"peer": peer, "findings": sum(1 for e in out if e.get("finding")), "rules": len(rules), "untranslated": len(untranslated), "signed": counts, "unsigned": ucounts,
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
        """The case in one line: its comment (the point) if it has one, else the case text."""
        if not c:
            return ""
        ls = c.strip().split("\n")
        if ls[0].startswith("# counterexample"):
            return ls[0].lstrip("# ")
        return "`" + "; ".join(ls) + "`"

    fnd = [e for e in out if e.get("finding")]
    print(f"\nrefutes the peer's own semantics ({peer}): {len(fnd)}")
    ref = [e for e in out if e["class"] == "refuted both"]
    print(f"\nrefuted both, by kind: target UB where the source is defined: "
          f"{sum(1 for e in ref if e.get('kind') == 'target UB')}; a different value: "
          f"{sum(1 for e in ref if e.get('kind') == 'value')}; a UB variable (lazy select): "
          f"{sum(1 for e in ref if e.get('kind') == 'UB variable')}")

    for cat in ["refuted both", "unknown", "valid nsw only"]:
        sel = [e for e in out if e["class"] == cat]
        if not sel:
            continue
        print(f"\n### Signed: {cat} ({len(sel)})\n")
        for e in sel:
            print(f"- `{e['rule']}` ({e['where']}): `{e['text']}`")
            if e.get("counterexample"):
                print(f"  - at {e['smallest']} ({e.get('kind')}): {first_line(e['counterexample'])}")
            if cat == "unknown":
                bad = [d + ":" + str(e["nsw"][d]) for d in WIDTHS if d[0] == "i" and e["nsw"][d] != "proved"]
                print(f"  - nsw form not proved at: {', '.join(bad)}")
    if fnd:
        print(f"\n### Refutes {peer}'s own semantics ({len(fnd)})\n")
        for e in fnd:
            f = e["finding"]
            print(f"- `{f['form']}` ({e['where']}) at {f['at']}: `{e['text']}`")
            print(f"  - {first_line(f['counterexample'])}")
    sel = [e for e in out if e["unsigned"] == "refuted"]
    if sel:
        print(f"\n### Unsigned: refuted ({len(sel)})\n")
        for e in sel:
            print(f"- `{e['rule']}` ({e['where']}) at {e['unsigned_smallest']}: "
                  f"{first_line(e['unsigned_counterexample'])}")

if __name__ == "__main__":
    main()
