#!/usr/bin/env bash
# Installs the Debian packages vsimp needs when any is missing. Idempotent and quiet when all are present.
set -eu
# libxml2-utils (xmllint) and python3-jsonschema read back the JUnit and SARIF reports (tests/reports.sh).
# cvc5 is the second solver (src/smt/cvc5.h): the portfolio for what Z3 leaves open, `--second-solver cvc5`.
pkgs="build-essential cmake pkg-config libz3-dev libcmocka-dev clang libxml2-utils python3-jsonschema cvc5"
[ "${1:-}" = "--fuzz" ] && pkgs="$pkgs libclang-rt-14-dev afl++ jq"
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "deps: installing$missing" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
