# A thin wrapper over CMake. `make run` builds and runs the release gate; `make test` runs the unit tier
# of the tests under ASan + UBSan, `make test-full` the full tier (docs/testing.md). All install missing
# Debian packages first (scripts/deps.sh).
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CC ?= cc
RELEASE := build/release
ASAN := build/asan

.PHONY: all deps build run test test-full asan clang bench clean fuzz fuzz-bench docs

all: build

deps:
	@scripts/deps.sh

$(RELEASE)/Makefile: CMakeLists.txt
	cmake -S . -B $(RELEASE) -DCMAKE_BUILD_TYPE=Release -DVSIMP_TESTS=OFF >/dev/null

$(ASAN)/Makefile: CMakeLists.txt
	cmake -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=Debug -DVSIMP_SANITIZE=ON >/dev/null

build: deps $(RELEASE)/Makefile
	cmake --build $(RELEASE) -j $(JOBS)

run: build
	./$(RELEASE)/vsimp gate

test: deps $(ASAN)/Makefile
	cmake --build $(ASAN) -j $(JOBS)
	cd $(ASAN) && ctest --output-on-failure -j $(JOBS) -L unit

# The heavy tier: the conformance and encoding sweeps, the planted-bug campaigns, translation validation.
test-full: deps $(ASAN)/Makefile
	cmake --build $(ASAN) -j $(JOBS)
	cd $(ASAN) && ctest --output-on-failure -j $(JOBS) -L full

# The same tree under clang, warnings as errors (CI builds both compilers).
clang: deps
	cmake -S . -B build/clang -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug >/dev/null
	cmake --build build/clang -j $(JOBS)

# Fuzzing (docs/fuzzing.md): a one-minute built-in campaign, and the fuzzer's speed benchmark.
# The nightly campaign with libFuzzer or AFL++ is fuzz/campaign.sh.
fuzz: build
	./$(RELEASE)/vsimp fuzz --time 60 --jobs $(JOBS)

fuzz-bench: deps $(RELEASE)/Makefile
	cmake --build $(RELEASE) -j $(JOBS) --target fuzz_bench
	./$(RELEASE)/fuzz_bench

# The benchmark (bench/README.md): vsimp alone at i32 and index, then side by side with Halide's
# simplifier (built only when libhalide14-0-dev is installed). Release flags, one core.
bench: deps $(RELEASE)/Makefile
	cmake --build $(RELEASE) -j $(JOBS) --target benchmarks
	./$(RELEASE)/vsimp_bench
	./$(RELEASE)/gep_bench
	./$(RELEASE)/graph_bench --verify
	./$(RELEASE)/peers
	@if [ -x $(RELEASE)/halide_bench ]; then ./$(RELEASE)/halide_bench; \
	else echo "halide_bench not built: install libhalide14-0-dev for the side-by-side with Halide"; fi

# What is generated from the rule files and the ledger: the catalog page and the range analysis's trust
# table. Regenerate after changing a rule file or the ledger (tests fail while either is stale; the
# table is compiled in, so the build runs again after it changes).
docs: build
	./$(RELEASE)/vsimp rules list --markdown > docs/catalog.md
	./$(RELEASE)/vsimp rules bounds-table > src/ir/bounds_trust_table.c.tmp
	@if cmp -s src/ir/bounds_trust_table.c.tmp src/ir/bounds_trust_table.c; then rm src/ir/bounds_trust_table.c.tmp; \
	else mv src/ir/bounds_trust_table.c.tmp src/ir/bounds_trust_table.c; $(MAKE) build; fi

clean:
	rm -rf build
