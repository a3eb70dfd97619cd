#!/bin/bash -eu
# Builds vsimp's libFuzzer targets (fuzz_expr, fuzz_parse, fuzz_program) the way OSS-Fuzz and ClusterFuzzLite expect:
# compiler and flags from CC and CFLAGS (the engine's sanitizer and coverage flags included), the fuzzing
# engine linked with LIB_FUZZING_ENGINE, the targets with their seed corpora and options written to OUT.
# No CMake (the base image's is too old): the library is compiled file by file. Z3 is a shared library
# the runner image lacks, so it is copied to OUT/lib and found through an $ORIGIN rpath.
#
# Local test (docs/fuzzing.md): SRC=/parent/of/vsimp WORK=/tmp/w OUT=/tmp/out CC=clang \
#   CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address,fuzzer-no-link" \
#   LIB_FUZZING_ENGINE=-fsanitize=fuzzer .clusterfuzzlite/build.sh
cd "${SRC}/vsimp"
WORK=${WORK:-/tmp/vsimp-cfl-work}
build="$WORK/vsimp-build"
mkdir -p "$build" "$OUT"
export LC_ALL=C

# The rule files and the proof ledger, embedded as CMake's cmake/embed.cmake does.
embed() { # OUT VAR FILE...
  local out=$1 var=$2 i=0 entries=""
  shift 2
  {
    echo '#include <stddef.h>'
    echo '#include "rules/embedded.h"'
    for f in "$@"; do
      echo "static const unsigned char ${var}_$i[] = {"
      od -An -v -tx1 "$f" | sed 's/ *\([0-9a-f][0-9a-f]\)/0x\1,/g'
      echo "0x00};"
      entries="$entries  {\"$(basename "$f")\", ${var}_$i, $(wc -c <"$f")},"$'\n'
      i=$((i + 1))
    done
    printf 'const VsEmbeddedFile %s[] = {\n%s  {NULL, NULL, 0},\n};\n' "$var" "$entries"
    printf 'const size_t %s_count = %d;\n' "$var" "$i"
  } >"$out"
}
embed "$build/rules_embedded.c" vs_embedded_rules $(ls src/rules/*.rules | sort)
embed "$build/ledger_embedded.c" vs_embedded_ledger src/rules/ledger.txt

flags="-std=c11 -D_POSIX_C_SOURCE=200809L -DVSIMP_VERSION=\"cfl\" -Isrc -I. $(pkg-config --cflags z3)"
objs=()
for f in src/ir/*.c src/text/*.c src/eval/*.c src/analysis/*.c src/rewrite/*.c src/rules/*.c src/pass/*.c \
         src/check/*.c smt/*.c fuzz/*.c "$build/rules_embedded.c" "$build/ledger_embedded.c"; do
  [ -f "$f" ] || continue
  o="$build/$(echo "$f" | tr '/' '_').o"
  $CC $CFLAGS $flags -c "$f" -o "$o"
  objs+=("$o")
done
rm -f "$build/libvsimp.a"
ar rcs "$build/libvsimp.a" "${objs[@]}"

for t in fuzz_expr fuzz_parse fuzz_program; do
  $CC $CFLAGS $flags -DVSIMP_LIBFUZZER -c "fuzz/harness/$t.c" -o "$build/$t.o"
  $CC $CFLAGS "$build/$t.o" $LIB_FUZZING_ENGINE "$build/libvsimp.a" $(pkg-config --libs z3) -lm -lpthread \
    -Wl,-rpath,'$ORIGIN/lib' -o "$OUT/$t"
  printf '[libfuzzer]\nmax_len = 4096\n' >"$OUT/$t.options"
  (cd "corpus/$t" && zip -q -r "$OUT/${t}_seed_corpus.zip" .)
done

mkdir -p "$OUT/lib"
z3lib=$(ldd "$OUT/fuzz_expr" | awk '/libz3/ { print $3 }')
[ -n "$z3lib" ] && cp -L "$z3lib" "$OUT/lib/"
