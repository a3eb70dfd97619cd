/* ledger.h: the proof ledger, the one place its format is read and written.
 *
 * A ledger is text: comment lines starting with `#`, and one record per proved, refuted or undecided
 * rule instance:
 *     HASH RULE INSTANCE STATUS SOLVER MILLISECONDS
 * HASH is the 16-hex-digit FNV-1a hash of the rule's normalised text (Rule.text_hash): a record
 * counts only for the text it was made for. INSTANCE is the free type classes' dtypes, `i32` or
 * `i64,i8`, or `-` for a rule without free classes. STATUS is `proved`, `refuted`, `unknown` or
 * `error`; SOLVER what decided it: `z3-VERSION`, `cvc5-VERSION` (the second solver) or `eval` (every
 * point of a small domain evaluated); older ledgers wrote Z3's bare version (`4.8.12`), read as
 * `z3-4.8.12`. MILLISECONDS what the proof took (informational; older ledgers may lack it).
 *
 * The built-in ledger (src/rules/ledger.txt) is embedded in the binary; `vsimp rules verify
 * --write-ledger` writes one; the engine fires a rule only at instances a ledger records as proved. */
#ifndef VSIMP_RULES_LEDGER_H
#define VSIMP_RULES_LEDGER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { LEDGER_NAME_MAX = 160, LEDGER_INSTANCE_MAX = 64, LEDGER_WORD_MAX = 32 };

typedef struct {
  uint64_t hash;
  char rule[LEDGER_NAME_MAX];
  char instance[LEDGER_INSTANCE_MAX];
  char status[LEDGER_WORD_MAX];
  char solver[LEDGER_WORD_MAX];
  double ms; /* -1 when the record has no time */
} LedgerRecord;

/* The header every written ledger starts with. */
extern const char ledger_header[];

/* Calls fn on every record of text (comments, blank and malformed lines are skipped), in order, until
 * fn returns false. Returns the number of records passed. */
size_t ledger_each(const char *text, size_t len, bool (*fn)(void *ud, const LedgerRecord *r), void *ud);

/* One record as a line, newline included, into buf. Returns the length, or 0 if it does not fit. */
size_t ledger_format(char *buf, size_t size, const LedgerRecord *r);

/* The SOLVER word for a solver ("z3", "cvc5") and its version, or for "eval" (version ignored). */
void ledger_solver_format(char *buf, size_t size, const char *solver, const char *version);
/* A SOLVER word as written today: a legacy bare version becomes `z3-VERSION`. */
void ledger_solver_normalise(const char *word, char *buf, size_t size);

/* The ledger compiled into the binary (src/rules/ledger.txt). */
const char *ledger_builtin(size_t *len);

/* `old` with the records of rule `rule` replaced by the records of `fresh` (in place of the first one,
 * or at the end when old has none), under fresh's header: a run about one rule keeps every other
 * rule's records. malloc'd, or NULL when out of memory. */
char *ledger_replace_rule(const char *old, size_t old_len, const char *fresh, size_t fresh_len, const char *rule);

#endif
