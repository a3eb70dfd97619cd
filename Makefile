# A thin wrapper over CMake. `make run` builds and runs the release gate; `make test` runs every test
# under ASan + UBSan. Both install missing Debian packages first (scripts/deps.sh).
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CC ?= cc
RELEASE := build/release
ASAN := build/asan

.PHONY: all deps build run test asan clang bench clean

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
	cd $(ASAN) && ctest --output-on-failure -j $(JOBS)

# The same tree under clang, warnings as errors (CI builds both compilers).
clang: deps
	cmake -S . -B build/clang -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug >/dev/null
	cmake --build build/clang -j $(JOBS)

clean:
	rm -rf build
