#!/usr/bin/env bash
# The layer check (docs/architecture.md): every #include "STAGE/..." in src/STAGE/ names a stage at or
# below it, so that no include points up. The allowed stages mirror the libraries' link order in
# CMakeLists.txt (VSIMP_DEPS_*). Usage: layers.sh SOURCE_DIR
set -u
root=$1
declare -A allowed=(
  [ir]="ir"
  [text]="ir text"
  [eval]="ir eval"
  [analysis]="ir eval analysis"
  [rules]="ir text eval analysis rules"
  [rewrite]="ir text eval analysis rules rewrite"
  [pass]="ir text eval analysis rules rewrite pass"
  [smt]="ir smt"
  [verify]="ir text eval analysis rules rewrite pass smt verify"
  [fuzz]="ir text eval analysis rules rewrite pass smt verify fuzz"
  [cli]="ir text eval analysis rules rewrite pass smt verify fuzz cli"
)
bad=0
checked=0
for dir in "$root"/src/*/; do
  stage=$(basename "$dir")
  if [ -z "${allowed[$stage]+x}" ]; then
    echo "layers: src/$stage is not a known stage (add it to tests/layers.sh and CMakeLists.txt)"
    bad=$((bad + 1))
    continue
  fi
  for f in "$dir"*.c "$dir"*.h; do
    [ -e "$f" ] || continue
    while IFS=: read -r line inc; do
      to=${inc%%/*}
      checked=$((checked + 1))
      case " ${allowed[$stage]} " in
        *" $to "*) ;;
        *) echo "layers: ${f#$root/}:$line includes \"$inc\": $stage may not depend on $to"; bad=$((bad + 1)) ;;
      esac
    done < <(grep -n '^#include "[a-z_]*/' "$f" | sed 's/^\([0-9]*\):#include "\([^"]*\)".*/\1:\2/')
  done
done
echo "layers: $checked includes checked, $bad pointing up"
[ "$bad" -eq 0 ]
