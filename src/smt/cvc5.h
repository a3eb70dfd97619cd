/* cvc5.h (internal to smt/): cvc5, the second solver, run as a process on SMT-LIB2 text.
 *
 * Why a process and not libcvc5's C++ API: vsimp already writes every query as SMT-LIB2 (Z3's benchmark
 * printer writes it, smt/solve.c), so the binary needs no second encoder, no C++ in a C11 tree and no second copy of the
 * semantics; a process can be killed at once when Z3 answers first, and a crash or a hang of cvc5
 * cannot take vsimp down. The cost is a start-up of about 10 ms per query, paid only for the queries
 * the second solver sees (smt/solve.c).
 *
 * Why in smt/: it is a solver adapter, like z3ctx.c: it takes the query smt/ built and returns an answer
 * and a model over the query's own constants; verify/ turns answers into verdicts (and confirms every
 * counterexample with the evaluator) whichever solver gave them. */
#ifndef VSIMP_SMT_CVC5_H
#define VSIMP_SMT_CVC5_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum { CVC5_UNSAT = -1, CVC5_UNKNOWN = 0, CVC5_SAT = 1 };
enum { CVC5_MAX_WORDS = 16 }; /* a value of up to 1024 bits (a vector of 16 lanes of 64 bits) */

/* One value of a (get-value ...) answer: a bit-vector, a bool or a float, as bits (words[0] lowest). */
typedef struct {
  char name[96];
  unsigned width; /* bits; 1 for a bool */
  uint64_t words[CVC5_MAX_WORDS];
  bool is_fp;     /* a float: words[0] holds its IEEE bits (exponent and significand from the value) */
} Cvc5Value;

typedef struct {
  int answer;      /* CVC5_SAT, CVC5_UNSAT, CVC5_UNKNOWN */
  char why[160];   /* CVC5_UNKNOWN: cvc5's reason, its error, or why it could not run */
  Cvc5Value *values; /* CVC5_SAT with get-value: the values read (malloc'd) */
  size_t nvalues;
  double seconds;
} Cvc5Answer;

/* A running cvc5. */
typedef struct {
  pid_t pid;
  int fd;          /* its standard output and error */
  char path[64];   /* the query file */
  double t0;
} Cvc5Job;

/* "1.0.3" when the cvc5 binary runs, else NULL. Asked once per process. */
const char *cvc5_version(void);

/* Starts cvc5 on text (a whole SMT-LIB2 script) with a wall-clock limit (0: none). False (with why)
 * when it cannot be started. */
bool cvc5_start(Cvc5Job *j, const char *text, unsigned timeout_ms, char *why, size_t whylen);
/* Stops it now (the answer then reads as unknown). */
void cvc5_kill(Cvc5Job *j);
/* Waits for it to end, reads its answer (and, after `sat`, the (get-value ...) answer), cleans up. */
void cvc5_finish(Cvc5Job *j, Cvc5Answer *out);
/* cvc5_finish in two steps: reading its output to the end (the process may still be there, so
 * cvc5_kill is still safe), then reaping it (after which its pid may be another process's). */
char *cvc5_read(Cvc5Job *j);
void cvc5_reap(Cvc5Job *j, char *output, Cvc5Answer *out);
void cvc5_answer_free(Cvc5Answer *a);

/* Parses cvc5's output (exposed for tests). */
void cvc5_parse(const char *text, Cvc5Answer *out);

#endif
