#!/usr/bin/env bash
# The nightly fuzz campaign (docs/fuzzing.md): builds the instrumented targets, runs them in parallel
# under libFuzzer (-fork) or AFL++ (a main and secondary instances), triages every crash input with the
# uninstrumented vsimp (replay, reduction to a minimal .vs case, deduplication by signature), measures
# the rule coverage of the final corpus, and writes REPORT.json and REPORT.md. Exits 1 when a finding
# is new (its signature is not among corpus/regressions/*.vs), 2 on a usage or build error.
#
# usage: fuzz/campaign.sh --engine libfuzzer|afl [--hours H] [--jobs J] [--out DIR] [--targets "expr parse program"]
#        (H may be fractional: --hours 0.05 is three minutes)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
engine=libfuzzer
hours=1
jobs=$(nproc 2>/dev/null || echo 2)
out=""
targets="expr parse program"

usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
  --engine) engine=$2; shift 2 ;;
  --hours) hours=$2; shift 2 ;;
  --jobs) jobs=$2; shift 2 ;;
  --out) out=$2; shift 2 ;;
  --targets) targets=$2; shift 2 ;;
  -h|--help) usage ;;
  *) echo "campaign: unknown argument '$1'" >&2; usage ;;
  esac
done
case $engine in libfuzzer|afl) ;; *) echo "campaign: --engine libfuzzer or afl" >&2; exit 2 ;; esac
case $jobs in ''|*[!0-9]*|0) echo "campaign: bad --jobs '$jobs'" >&2; exit 2 ;; esac
seconds=$(awk -v h="$hours" 'BEGIN { s = int(h * 3600); if (s < 10) s = 10; print s }')
[ -n "$out" ] || out="$root/build/campaign-$engine-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
out=$(cd "$out" && pwd)
log() { echo "campaign: $*" >&2; }

command -v jq >/dev/null || { log "needs jq (scripts/deps.sh --fuzz installs it)"; exit 2; }
"$root/scripts/deps.sh" --fuzz || exit 2

# ---- build ----
cmake_build() { # DIR TARGETS... -- CMAKE ARGS...
  local dir=$1; shift
  local tg=()
  while [ "$1" != "--" ]; do tg+=(--target "$1"); shift; done
  shift
  cmake -S "$root" -B "$dir" -DVSIMP_TESTS=OFF -DVSIMP_BENCH=OFF "$@" >"$out/build.log" 2>&1 &&
    cmake --build "$dir" -j "$jobs" "${tg[@]}" >>"$out/build.log" 2>&1 ||
    { log "build failed in $dir (see $out/build.log)"; tail -20 "$out/build.log" >&2; exit 2; }
}
log "building vsimp (release) and the $engine targets"
cmake_build "$root/build/fuzz-triage" vsimp -- -DCMAKE_BUILD_TYPE=Release
vsimp="$root/build/fuzz-triage/vsimp"
fuzz_targets=()
for t in $targets; do fuzz_targets+=("fuzz_$t"); done
if [ "$engine" = libfuzzer ]; then
  bdir="$root/build/fuzz-libfuzzer"
  cmake_build "$bdir" "${fuzz_targets[@]}" -- -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DVSIMP_FUZZ=ON -DVSIMP_FUZZ_ENGINE=libfuzzer
else
  bdir="$root/build/fuzz-afl"
  cmake_build "$bdir" "${fuzz_targets[@]}" -- -DCMAKE_C_COMPILER=afl-clang-fast -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DVSIMP_FUZZ=ON -DVSIMP_FUZZ_ENGINE=afl
  cmake_build "$root/build/fuzz-afl-mutator" vsimp_afl_mutator -- -DCMAKE_C_COMPILER=clang \
    -DCMAKE_BUILD_TYPE=Release -DVSIMP_FUZZ=ON -DVSIMP_FUZZ_ENGINE=afl-mutator
fi
export LSAN_OPTIONS="suppressions=$root/tests/lsan.supp"
export ASAN_OPTIONS="abort_on_error=1:symbolize=1:detect_leaks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:abort_on_error=1"
# AFL++ insists on unsymbolized reports while fuzzing (triage symbolizes).
afl_env=(ASAN_OPTIONS="abort_on_error=1:symbolize=0:detect_leaks=1"
         UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:symbolize=0"
         LSAN_OPTIONS="suppressions=$root/tests/lsan.supp:symbolize=0")

# ---- run ----
# With several targets, fuzz_expr gets all jobs but one per other target; the others one each.
ntargets=$(echo $targets | wc -w)
started=$(date +%s)
pids=()
for t in $targets; do
  j=1
  [ "$t" = expr ] && j=$((jobs - ntargets + 1))
  [ "$j" -ge 1 ] || j=1
  mkdir -p "$out/corpus/$t" "$out/crashes/$t"
  cp "$root"/corpus/fuzz_"$t"/* "$out/corpus/$t/" 2>/dev/null
  if [ "$engine" = libfuzzer ]; then
    log "libFuzzer fuzz_$t: $j jobs, $seconds s"
    (cd "$out/crashes/$t" && "$bdir/fuzz_$t" -fork="$j" -max_total_time="$seconds" -ignore_crashes=1 \
      -ignore_timeouts=1 -ignore_ooms=1 -timeout=30 -rss_limit_mb=4096 -max_len=4096 \
      -artifact_prefix="$out/crashes/$t/" "$out/corpus/$t" >"$out/libfuzzer-$t.log" 2>&1) &
    pids+=($!)
  else
    export AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1
    for i in $(seq 1 "$j"); do
      role="-S s$i"; [ "$i" = 1 ] && role="-M main"
      mut=""
      [ "$t" = expr ] && [ $((i % 2)) = 0 ] && mut="AFL_CUSTOM_MUTATOR_LIBRARY=$root/build/fuzz-afl-mutator/libvsimp_afl_mutator.so"
      log "AFL++ fuzz_$t instance $i ${mut:+(with the IR mutator)}"
      (env "${afl_env[@]}" $mut afl-fuzz -i "$out/corpus/$t" -o "$out/afl-$t" $role -V "$seconds" -m none -t 30000 \
        -- "$bdir/fuzz_$t" >"$out/afl-$t-$i.log" 2>&1) &
      pids+=($!)
    done
  fi
done
for p in "${pids[@]}"; do wait "$p"; done
elapsed=$(($(date +%s) - started))
log "fuzzing done after $elapsed s; triaging"

# ---- statistics ----
stats_json="{}"
for t in $targets; do
  if [ "$engine" = libfuzzer ]; then
    last=$(grep -E '^#[0-9]+' "$out/libfuzzer-$t.log" | tail -1)
    execs=$(echo "$last" | sed -n 's/^#\([0-9]*\).*/\1/p')
    cov=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
    corpus=$(ls "$out/corpus/$t" | wc -l)
  else
    execs=$(cat "$out"/afl-"$t"/*/fuzzer_stats 2>/dev/null | awk -F: '/^execs_done/ { s += $2 } END { print s + 0 }')
    cov=$(sed -n 's/^bitmap_cvg *: *//p' "$out/afl-$t/main/fuzzer_stats" 2>/dev/null | head -1)
    corpus=$(cat "$out"/afl-"$t"/*/fuzzer_stats 2>/dev/null | awk -F: '/^corpus_count/ { s += $2 } END { print s + 0 }')
    mkdir -p "$out/crashes/$t"
    cp "$out"/afl-"$t"/*/crashes/id:* "$out/crashes/$t/" 2>/dev/null
    mkdir -p "$out/corpus/$t"
    cp "$out"/afl-"$t"/*/queue/id:* "$out/corpus/$t/" 2>/dev/null
  fi
  stats_json=$(jq -c --arg t "$t" --arg e "${execs:-0}" --arg c "${cov:-?}" --arg n "${corpus:-0}" \
    '. + {($t): {execs: ($e | tonumber), coverage: $c, corpus: ($n | tonumber)}}' <<<"$stats_json")
done

# ---- triage: replay every crash input uninstrumented, reduce, deduplicate ----
known=$(cat "$root"/corpus/regressions/*.vs "$root"/corpus/regressions/programs/*.vs 2>/dev/null | sed -n 's/^# signature: //p' | sort -u)
findings="[]"
mkdir -p "$out/findings"
for t in $targets; do
  for f in "$out"/crashes/"$t"/*; do
    [ -f "$f" ] || continue
    case $(basename "$f") in README*) continue ;; esac
    rep=$("$vsimp" fuzz --target "$t" --json --timeout 10000 --out "$out/findings" "$f" 2>/dev/null)
    rc=$?
    if [ $rc -eq 1 ]; then
      findings=$(jq -c --arg in "$f" --argjson r "$rep" '. + [$r.findings[] | . + {input: $in, crash: false}]' <<<"$findings")
    else
      # Not reproducible by the uninstrumented vsimp (a sanitizer report, a timeout, or an oracle finding
      # that depends on the target's environment): minimise it, then sign it by the finding the target
      # prints (`# signature:`) or else by the first frames of the sanitizer's stack.
      [ "$engine" = libfuzzer ] && "$bdir/fuzz_$t" -minimize_crash=1 -runs=2000 -exact_artifact_path="$f.min" "$f" \
        >/dev/null 2>&1 && [ -s "$f.min" ] && f2="$f.min" || f2=$f
      if [ "$engine" = libfuzzer ]; then run=("$bdir/fuzz_$t" "$f2"); else run=("$bdir/fuzz_$t"); fi
      "${run[@]}" <"$f2" >"$f2.log" 2>&1
      trace=$(grep -E '^ +#[0-9]+ ' "$f2.log" | grep -v -E 'libc|sanitizer|LLVMFuzzer|fuzzer::|pthread_kill|raise|abort' |
        head -3 | sed 's/^ *#[0-9]* 0x[0-9a-f]* in //')
      sig=$(sed -n 's/^# signature: //p' "$f2.log" | head -1)
      if [ -n "$sig" ]; then trace=$(sed -n 's/^# detail: //p' "$f2.log" | head -1)
      else sig="crash:$(echo "$trace" | awk '{ print $1 }' | paste -sd, -)"; fi
      case $t in
      expr|program) text=$("$vsimp" fuzz --target "$t" --print "$f2" 2>/dev/null) ;;
      *) text=$(head -c 2000 "$f2") ;;
      esac
      findings=$(jq -c --arg in "$f2" --arg sig "$sig" --arg st "$trace" --arg case "$text" \
        '. + [{kind: "crash", oracle: "sanitizer", signature: $sig, detail: $st, case: $case, input: $in, crash: true}]' <<<"$findings")
    fi
  done
done
# Deduplicate by signature; a signature already among the regressions is not new.
findings=$(jq -c --arg known "$known" '($known | split("\n")) as $k | unique_by(.signature) |
  map(. + {new: ((.signature) as $s | ($k | index($s)) == null)})' <<<"$findings")
new=$(jq '[.[] | select(.new)] | length' <<<"$findings")

# ---- rule coverage of the final corpus ----
coverage="{}"
if echo " $targets " | grep -q " expr "; then
  "$vsimp" fuzz --smt never --no-reduce --json "$out/corpus/expr" >"$out/corpus-replay.json" 2>/dev/null
  coverage=$(jq -c '.coverage' "$out/corpus-replay.json" 2>/dev/null || echo '{}')
fi

# ---- report ----
jq -n --arg engine "$engine" --argjson hours "$hours" --argjson jobs "$jobs" --argjson seconds "$elapsed" \
  --argjson targets "$stats_json" --argjson findings "$findings" --argjson coverage "$coverage" \
  --argjson new "$new" --arg date "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
  '{engine: $engine, date: $date, hours: $hours, jobs: $jobs, seconds: $seconds, targets: $targets,
    new_findings: $new, findings: $findings, rule_coverage: $coverage}' >"$out/REPORT.json"
{
  echo "# vsimp fuzz campaign: $engine, $(date -u +%Y-%m-%d)"
  echo
  echo "$jobs jobs, $elapsed s. Working directory: \`$out\`."
  echo
  echo "| target | executions | coverage | corpus |"
  echo "|---|---|---|---|"
  jq -r 'to_entries[] | "| fuzz_\(.key) | \(.value.execs) | \(.value.coverage) | \(.value.corpus) |"' <<<"$stats_json"
  echo
  echo "## Findings: $(jq length <<<"$findings") ($new new)"
  echo
  jq -r '.[] | "### \(if .new then "NEW " else "" end)\(.kind): `\(.signature)`\n\n\(.detail)\n\nInput: `\(.input)`\n\n```\n\(.case // "")\n```\n\(if .counterexample then "Counterexample:\n\n```\n\(.counterexample)```\n" else "" end)"' <<<"$findings"
  echo "## Rule coverage of the final corpus"
  echo
  jq -r 'if .entries then "\(.fired) of \(.entries) rules fired, \(.cross_checked) cross-checked by Z3.\n\nProved but never exercised: \(.never_fired | map("`" + . + "`") | join(", "))\n\nWithout a proved instance (cannot fire): \(.unprovable | map("`" + . + "`") | join(", "))\n" else "(not measured)" end' <<<"$coverage"
} >"$out/REPORT.md"
log "report: $out/REPORT.md, $out/REPORT.json; $new new finding(s)"
[ "$new" -eq 0 ]
