/* ledger.c: reading and writing proof ledgers (ledger.h). */
#include "rules/ledger.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/embedded.h"

const char ledger_header[] = "# vsimp proof ledger: HASH RULE INSTANCE STATUS SOLVER MILLISECONDS\n"
                             "# Written by `vsimp rules verify --write-ledger`; a rule fires only at instances\n"
                             "# proved here for its current text.\n";

/* The next whitespace-separated word of [*p, end) into out (size bytes); false if none or too long. */
static bool word(const char **p, const char *end, char *out, size_t size) {
  const char *s = *p;
  while (s < end && (*s == ' ' || *s == '\t' || *s == '\r')) s++;
  const char *e = s;
  while (e < end && *e != ' ' && *e != '\t' && *e != '\r') e++;
  size_t n = (size_t)(e - s);
  if (!n || n >= size) return false;
  memcpy(out, s, n);
  out[n] = 0;
  *p = e;
  return true;
}

static bool parse_hash(const char *s, uint64_t *h) {
  if (strlen(s) != 16) return false;
  uint64_t v = 0;
  for (const char *c = s; *c; c++) {
    int d = *c >= '0' && *c <= '9' ? *c - '0' : *c >= 'a' && *c <= 'f' ? *c - 'a' + 10 : -1;
    if (d < 0) return false;
    v = v << 4 | (uint64_t)d;
  }
  *h = v;
  return true;
}

static bool parse_line(const char *s, const char *end, LedgerRecord *r) {
  char hash[LEDGER_WORD_MAX], ms[LEDGER_WORD_MAX];
  if (s == end || *s == '#') return false;
  if (!word(&s, end, hash, sizeof hash) || !parse_hash(hash, &r->hash) || !word(&s, end, r->rule, sizeof r->rule) ||
      !word(&s, end, r->instance, sizeof r->instance) || !word(&s, end, r->status, sizeof r->status) ||
      !word(&s, end, r->solver, sizeof r->solver))
    return false;
  r->ms = -1;
  if (word(&s, end, ms, sizeof ms)) {
    /* Written as whole milliseconds (%.0f): read digits directly, anything else with strtod. */
    double v = 0;
    char *e = ms;
    while (*e >= '0' && *e <= '9') v = v * 10 + (*e++ - '0');
    if (*e || e == ms) v = strtod(ms, &e);
    if (!*e) r->ms = v;
  }
  return true;
}

size_t ledger_each(const char *text, size_t len, bool (*fn)(void *ud, const LedgerRecord *r), void *ud) {
  size_t n = 0;
  for (const char *p = text, *end = text ? text + len : NULL; p && p < end;) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    const char *le = eol ? eol : end;
    LedgerRecord r;
    if (parse_line(p, le, &r)) {
      n++;
      if (!fn(ud, &r)) break;
    }
    p = eol ? eol + 1 : end;
  }
  return n;
}

size_t ledger_format(char *buf, size_t size, const LedgerRecord *r) {
  int n = r->ms >= 0 ? snprintf(buf, size, "%016llx %s %s %s %s %.0f\n", (unsigned long long)r->hash, r->rule,
                                r->instance, r->status, r->solver, r->ms)
                     : snprintf(buf, size, "%016llx %s %s %s %s\n", (unsigned long long)r->hash, r->rule, r->instance,
                                r->status, r->solver);
  return n > 0 && (size_t)n < size ? (size_t)n : 0;
}

void ledger_solver_format(char *buf, size_t size, const char *solver, const char *version) {
  if (!strcmp(solver, "eval")) snprintf(buf, size, "eval");
  else snprintf(buf, size, "%s-%s", solver, version ? version : "?");
}

void ledger_solver_normalise(const char *word, char *buf, size_t size) {
  /* A legacy record names Z3 by its version alone: it starts with a digit. */
  if (word[0] >= '0' && word[0] <= '9') snprintf(buf, size, "z3-%s", word);
  else snprintf(buf, size, "%s", word);
}

const char *ledger_builtin(size_t *len) {
  *len = vs_embedded_ledger_count ? vs_embedded_ledger[0].len : 0;
  return vs_embedded_ledger_count ? (const char *)vs_embedded_ledger[0].data : "";
}

/* Whether line [s, e) is a record of `rule`. */
static bool line_of_rule(const char *s, const char *e, const char *rule) {
  LedgerRecord r;
  return parse_line(s, e, &r) && !strcmp(r.rule, rule);
}

char *ledger_replace_rule(const char *old, size_t old_len, const char *fresh, size_t fresh_len, const char *rule) {
  char *out = malloc(old_len + fresh_len + 2);
  if (!out) return NULL;
  size_t n = 0;
  /* fresh's header (its leading comment lines), then old's records with rule's replaced. */
  const char *records = fresh, *fend = fresh + fresh_len;
  while (records < fend && *records == '#') {
    const char *eol = memchr(records, '\n', (size_t)(fend - records));
    records = eol ? eol + 1 : fend;
  }
  memcpy(out, fresh, (size_t)(records - fresh));
  n = (size_t)(records - fresh);
  size_t rlen = (size_t)(fend - records);
  bool placed = false;
  for (const char *p = old, *end = old + old_len; p < end;) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    const char *le = eol ? eol : end;
    size_t len = (size_t)(le - p);
    const char *line = p;
    p = eol ? eol + 1 : end;
    if (!len || line[0] == '#') continue; /* the header is fresh's */
    if (line_of_rule(line, le, rule)) {
      if (!placed) {
        memcpy(out + n, records, rlen);
        n += rlen;
        placed = true;
      }
      continue;
    }
    memcpy(out + n, line, len);
    n += len;
    out[n++] = '\n';
  }
  if (!placed) {
    memcpy(out + n, records, rlen);
    n += rlen;
  }
  out[n] = 0;
  return out;
}
