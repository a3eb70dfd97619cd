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

usage: audit_report.py RULES LEDGER VERIFY_JSON [--json] [--peer NAME] [--vsimp BINARY] [--suggest OUT]...
       audit_report.py --from-report REPORT_JSON [--merge REPORT_JSON]... [--rules RULES] [--json] [--suggest OUT]...

--suggest OUT: the text output of a `rules verify` run with the guard search on (the default) over
refuted rules of the set; each `suggest: rule NAME ...` (a guard under which NAME holds at every
instance, proved) and each `no guard suggested for NAME` is added to NAME's entry (`suggest`, per form:
`wrap` for NAME, `nsw` for NAME_nsw). --from-report starts from a report this script wrote (--json)
instead of a rules file, ledger and verify output; --merge replaces its entries by those of a later
report of some of the same rules (verified again), and --rules keeps only the rules a rules file
(the importer's current output) translates, with that file's untranslated calls.

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
    suggest_paths = [sys.argv[i + 1] for i, a in enumerate(sys.argv) if a == "--suggest"]
    args = [a for a in args if a not in suggest_paths]
    if "--from-report" in sys.argv:
        report = json.load(open(sys.argv[sys.argv.index("--from-report") + 1]))
        for i, a in enumerate(sys.argv):
            if a == "--merge":
                merge(report, json.load(open(sys.argv[i + 1])))
        if "--rules" in sys.argv:
            restrict(report, sys.argv[sys.argv.index("--rules") + 1])
    else:
        report = compute(args, peer, vsimp)
    add_suggestions(report, suggest_paths)
    if as_json:
        json.dump(report, sys.stdout, indent=1)
        print()
        return
    markdown(report)


def read_suggestions(paths):
    """NAME -> {"guard", "rule", "proved_at"} or {"none": REASON}, from `rules verify` text outputs."""
    out, last = {}, None
    for path in paths:
        for line in open(path):
            line = line.rstrip("\n")
            m = re.match(r"suggest: rule (\S+) : (.*)$", line)
            if m:
                last = m.group(1)
                out[last] = {"rule": "rule " + m.group(1) + " : " + m.group(2)}
                continue
            m = re.match(r"  \(\S+: the guard with `(.*)`, proved at ([^;]*);", line)
            if m and last:
                out[last]["guard"], out[last]["proved_at"] = m.group(1), m.group(2).split()
                last = None
                continue
            m = re.match(r"no guard suggested for (\S+) \(\S+\): (.*)$", line)
            if m:
                out[m.group(1)] = {"none": m.group(2)}
    return out


def add_suggestions(report, paths):
    if not paths:
        return
    sg = read_suggestions(paths)
    have = {"searched": 0, "found": 0}
    for e in report["per_rule"]:
        for form, name in (("wrap", e["rule"]), ("nsw", e["rule"] + "_nsw")):
            if name in sg:
                e.setdefault("suggest", {})[form] = sg[name]
                have["searched"] += 1
                have["found"] += "guard" in sg[name]
    report["suggestions"] = have


def recount(report):
    """The totals of a report from its per-rule entries."""
    counts = {"valid both": 0, "valid nsw only": 0, "refuted both": 0, "unknown": 0, "not verified": 0}
    ucounts = {"valid": 0, "refuted": 0, "unknown": 0, "not verified": 0}
    for e in report["per_rule"]:
        counts[e["class"]] += 1
        ucounts[e["unsigned"]] += 1
    report["signed"], report["unsigned"], report["rules"] = counts, ucounts, len(report["per_rule"])
    report["findings"] = sum(1 for e in report["per_rule"] if e.get("finding"))


def merge(report, newer):
    """The entries of a later run (the same rules verified again) replace the report's."""
    by_name = {e["rule"]: e for e in newer["per_rule"]}
    report["per_rule"] = [by_name.get(e["rule"], e) for e in report["per_rule"]]
    recount(report)


def restrict(report, rules_path):
    """Only the rules a rules file (the importer's current output) still translates; its untranslated
    calls are the report's."""
    names, untranslated = set(), []
    for line in open(rules_path):
        m = re.match(r"rule (\S+) : ", line)
        if m:
            names.add(m.group(1))
        m = re.match(r"# untranslated (\S+): (.*)$", line.rstrip("\n"))
        if m:
            untranslated.append({"where": m.group(1), "why": m.group(2)})
    report["per_rule"] = [e for e in report["per_rule"] if e["rule"] in names]
    report["untranslated_list"], report["untranslated"] = untranslated, len(untranslated)
    recount(report)


def compute(args, peer, vsimp):
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
    report = {"peer": peer, "findings": 0, "rules": 0, "untranslated": len(untranslated), "signed": {},
              "unsigned": {}, "per_rule": out, "untranslated_list": untranslated}
    recount(report)
    return report


def markdown(report):
    peer, counts, ucounts, out = report["peer"], report["signed"], report["unsigned"], report["per_rule"]
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

    if report.get("suggestions"):
        sg = report["suggestions"]
        print(f"\nguard search (`rules verify` on the refuted rules): {sg['searched']} rules searched, "
              f"a guard proved at every instance for {sg['found']}")
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
            suggest_lines(e)
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
            if e["class"] not in ("valid nsw only", "refuted both", "unknown"):  # else printed above
                suggest_lines(e)


def suggest_lines(e):
    """The guards suggested for the rule's forms (wrap: NAME, nsw: NAME_nsw), where the search ran."""
    for form in ("wrap", "nsw"):
        g = e.get("suggest", {}).get(form)
        if not g:
            continue
        name = e["rule"] + ("_nsw" if form == "nsw" else "")
        if "guard" in g:
            print(f"  - suggest for `{name}`: `where ... && {g['guard']}` (proved at {' '.join(g['proved_at'])})")
        else:
            print(f"  - no guard suggested for `{name}`: {g['none']}")


if __name__ == "__main__":
    main()
