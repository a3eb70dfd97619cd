/* crash_dump.h: the input a campaign was running when it crashed or hung, kept on disk.
 *
 * A fatal signal (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) in a worker would otherwise lose the input
 * that caused it: the handler writes the input the faulting thread was running to
 * DIR/crash-PID-WORKER.input, says so on stderr in one line, and hands the signal to the handler that
 * was installed before (a sanitizer's report, or the default action). The campaign's watchdog writes an
 * input that ran past its time limit the same way, as DIR/timeout-PID-WORKER.input. Either file replays
 * with `vsimp fuzz --target TARGET FILE`. */
#ifndef VSIMP_FUZZ_CRASH_DUMP_H
#define VSIMP_FUZZ_CRASH_DUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Installs the handlers for the process (once; later calls only change the directory and target).
 * dir: where the files go (NULL: the current directory); target: the --target name the replay
 * hint names. Both strings must outlive the campaign. */
void crash_dump_install(const char *dir, const char *target);

/* The input the calling thread is about to run (NULL when it runs none): what the handler writes.
 * data must stay unchanged until the next call. */
void crash_dump_current(const uint8_t *data, size_t size, unsigned worker);

/* Writes data to DIR/KIND-PID-WORKER.input (kind: "crash" or "timeout"); the path written goes to
 * path (len bytes). Async-signal-safe. False when the file could not be written. */
bool crash_dump_write(const char *kind, unsigned worker, const uint8_t *data, size_t size, char *path, size_t len);

#endif
