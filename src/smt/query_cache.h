/* query_cache.h: the verdicts of queries already checked in this process, keyed by their full SMT-LIB2
 * text, shared by every SmtCtx that is given the same cache (SmtOptions.cache).
 *
 * Why: one run of `rules verify` asks many queries that are the same formula. The index instance of a
 * rule that cannot meet INVALID is its i64 instance (the same 64-bit sorts, the same terms): its
 * queries print the same, character for character, and deciding them again costs the same again, which
 * for an instance that stays unknown is both encodings' every turn.
 *
 * What is kept (under the query's key, query_cache_key): an unsat answer (the formula has no model, whatever asked it), and an unknown answer
 * with the time limit it had (reused only by a query asking with that limit or less, or at most an
 * eighth more, at least 50 ms: a turn's limit is what its preprocessing left, which differs by
 * milliseconds between two runs of one turn). A sat answer is
 * not kept: its caller reads the model from the solver. The key is the whole text, compared exactly
 * (a hash only finds the bucket), so two queries share a verdict only when they are the same formula up
 * to the names of its constants.
 * Texts above QUERY_CACHE_MAX_TEXT bytes are not kept, nor anything once the cache holds
 * QUERY_CACHE_MAX_BYTES: past that, queries are checked as if there were no cache.
 *
 * Thread-safe. */
#ifndef VSIMP_SMT_QUERY_CACHE_H
#define VSIMP_SMT_QUERY_CACHE_H

#include <stdbool.h>
#include <stddef.h>

enum { QUERY_CACHE_MAX_TEXT = 1 << 16 };
#define QUERY_CACHE_MAX_BYTES ((size_t)256 << 20)

typedef struct QueryCache QueryCache;

typedef enum { QC_UNSAT, QC_UNKNOWN } QueryCacheAnswer;

typedef struct {
  QueryCacheAnswer answer;
  unsigned timeout_ms; /* QC_UNKNOWN: the limit it was asked with */
  int by;              /* SMT_SOLVER_Z3 or SMT_SOLVER_CVC5: who answered */
  char why[120];       /* QC_UNKNOWN: the solvers' reason then */
} QueryCacheEntry;

QueryCache *query_cache_new(void);
void query_cache_free(QueryCache *c);

/* The key of a query's text: the text with every constant it declares renamed %k0, %k1, ... in the
 * order of the declarations, and each run of whitespace one space (none next to a parenthesis inside
 * it). Renaming free constants one-to-one changes no formula's satisfiability, and the
 * encoders name a variable after its dtype (x_i64, x_index) and number fresh ones (x!12): without it, an
 * index query and its i64 twin would never meet. NULL when out of memory. */
char *query_cache_key(const char *text);

/* Whether key has a kept verdict usable for a query with limit timeout_ms (0: a resource limit only,
 * for which an unknown is never reused); copies it to *out. */
bool query_cache_get(QueryCache *c, const char *key, unsigned timeout_ms, QueryCacheEntry *out);

/* Keeps e for key: an unsat replaces anything; an unknown replaces only an unknown with a shorter
 * limit. Silently keeps nothing when out of room or memory. */
void query_cache_put(QueryCache *c, const char *key, const QueryCacheEntry *e);

/* Lookups that found a usable verdict, over the cache's life. */
size_t query_cache_hits(QueryCache *c);

#endif
