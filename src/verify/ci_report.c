/* JUnit XML and SARIF 2.1.0 writers (ci_report.h). */
#include "verify/ci_report.h"

#include <stdlib.h>
#include <string.h>

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

void ci_report_init(CiReport *r, const char *title) {
  memset(r, 0, sizeof *r);
  r->title = title;
}

void ci_report_free(CiReport *r) {
  for (size_t i = 0; i < r->n; i++) {
    CiCase *c = &r->cases[i];
    free(c->suite);
    free(c->name);
    free(c->group);
    free(c->message);
    free(c->detail);
    free(c->file);
  }
  free(r->cases);
  memset(r, 0, sizeof *r);
}

void ci_add(CiReport *r, const char *suite, const char *name, CiOutcome outcome, double seconds, const char *message,
            const char *detail) {
  if (r->oom) return;
  if (r->n == r->cap) {
    size_t cap = r->cap ? r->cap * 2 : 64;
    CiCase *nc = realloc(r->cases, cap * sizeof *nc);
    if (!nc) {
      r->oom = true;
      return;
    }
    r->cases = nc;
    r->cap = cap;
  }
  CiCase *c = &r->cases[r->n++];
  memset(c, 0, sizeof *c);
  c->suite = dup_or_null(suite ? suite : "vsimp");
  c->name = dup_or_null(name);
  c->outcome = outcome;
  c->seconds = seconds >= 0 ? seconds : 0;
  c->message = dup_or_null(message);
  c->detail = dup_or_null(detail);
  if (!c->suite || !c->name || (message && !c->message) || (detail && !c->detail)) r->oom = true;
}

void ci_locate(CiReport *r, const char *file, int line, const char *group, const char *sarif_rule, CiLevel level) {
  if (r->oom || !r->n) return;
  CiCase *c = &r->cases[r->n - 1];
  c->file = dup_or_null(file);
  c->line = line > 0 ? line : 0;
  c->group = dup_or_null(group);
  c->sarif_rule = sarif_rule;
  c->level = level;
  if ((file && !c->file) || (group && !c->group)) r->oom = true;
}

void ci_add_verify(CiReport *r, const VerifyReport *rep) {
  for (size_t i = 0; i < rep->n; i++) {
    const VerifyItem *it = &rep->items[i];
    char inst[64], name[256], msg[400];
    rule_instance_name(it->rule, it->instance, inst, sizeof inst);
    snprintf(name, sizeof name, "%s at %s", it->rule->name, inst);
    CiOutcome o = CI_PASS;
    const char *rule = NULL;
    CiLevel level = CI_LEVEL_NONE;
    msg[0] = 0;
    switch (it->result.status) {
    case PROOF_PROVED: snprintf(msg, sizeof msg, "proved%s", it->cached ? " (from the ledger)" : ""); break;
    case PROOF_REFUTED:
      o = CI_FAIL, rule = CI_RULE_REFUTED, level = CI_LEVEL_ERROR;
      snprintf(msg, sizeof msg, "rule %s is refuted at %s (%s)%s%s", it->rule->name, inst,
               it->result.by_search ? "counterexample found by the concrete search" : "counterexample from the solver",
               it->result.reason[0] ? ": " : "", it->result.reason);
      break;
    case PROOF_UNKNOWN:
      o = CI_SKIP, rule = CI_RULE_UNKNOWN, level = CI_LEVEL_NOTE;
      snprintf(msg, sizeof msg, "rule %s is unknown at %s (it never fires there): %s", it->rule->name, inst,
               it->result.reason[0] ? it->result.reason : "undecided");
      break;
    default:
      o = CI_ERROR, rule = CI_RULE_ERROR, level = CI_LEVEL_ERROR;
      snprintf(msg, sizeof msg, "rule %s at %s: %s", it->rule->name, inst, it->result.reason[0] ? it->result.reason : "error");
      break;
    }
    ci_add(r, it->rule->family, name, o, it->result.seconds, msg, it->result.cex);
    ci_locate(r, it->rule->file, it->rule->line, it->rule->name, rule, level);
  }
  /* Termination: one case per rule (suite "termination"); a rule that may loop fails. */
  for (size_t i = 0; i < rep->norder; i++) {
    const OrderItem *o = &rep->order[i];
    char name[256], msg[600];
    snprintf(name, sizeof name, "%s terminates", o->rule->name);
    bool bad = o->verdict == ORDER_MAY_LOOP;
    if (bad) snprintf(msg, sizeof msg, "rule %s may loop: %s", o->rule->name, o->why);
    else if (o->why[0]) snprintf(msg, sizeof msg, "%s: %s", order_verdict_name(o->verdict), o->why);
    else snprintf(msg, sizeof msg, "%s", order_verdict_name(o->verdict));
    ci_add(r, "termination", name, bad ? CI_FAIL : CI_PASS, 0, msg, o->cycle);
    if (bad) ci_locate(r, o->rule->file, o->rule->line, o->rule->name, CI_RULE_LOOP, CI_LEVEL_ERROR);
  }
  /* Vacuous rules: reported (skipped cases, SARIF warnings), not failures. */
  for (size_t i = 0; i < rep->nvacuous; i++) {
    const Rule *ru = rep->vacuous[i].rule;
    char name[256], msg[400];
    snprintf(name, sizeof name, "%s can fire", ru->name);
    snprintf(msg, sizeof msg, "rule %s can never fire: %s", ru->name, vacuous_kind_text(rep->vacuous[i].kind));
    ci_add(r, "vacuity", name, CI_SKIP, 0, msg, NULL);
    ci_locate(r, ru->file, ru->line, ru->name, CI_RULE_VACUOUS, CI_LEVEL_WARNING);
  }
}

/* ---- JUnit XML ---- */

/* XML 1.0 text: markup characters escaped; control characters other than tab and newline, and bytes
 * outside ASCII (the texts are generated ASCII; a stray byte must not make the file ill-formed), as '?'. */
static void xml_text(FILE *f, const char *s) {
  for (; s && *s; s++) {
    unsigned char ch = (unsigned char)*s;
    switch (ch) {
    case '&': fputs("&amp;", f); break;
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '"': fputs("&quot;", f); break;
    case '\'': fputs("&apos;", f); break;
    default:
      if ((ch < 0x20 && ch != '\t' && ch != '\n') || ch >= 0x7f) fputc('?', f);
      else fputc(ch, f);
    }
  }
}

typedef struct {
  size_t tests, failures, errors, skipped;
  double seconds;
} Counts;

static void count(Counts *k, const CiCase *c) {
  k->tests++;
  k->failures += c->outcome == CI_FAIL;
  k->errors += c->outcome == CI_ERROR;
  k->skipped += c->outcome == CI_SKIP;
  k->seconds += c->seconds;
}

static void junit_case(FILE *f, const CiCase *c) {
  fputs("    <testcase classname=\"", f);
  xml_text(f, c->suite);
  fputs("\" name=\"", f);
  xml_text(f, c->name);
  fprintf(f, "\" time=\"%.6f\"", c->seconds);
  if (c->file) {
    fputs(" file=\"", f);
    xml_text(f, c->file);
    fputc('"', f);
    if (c->line) fprintf(f, " line=\"%d\"", c->line);
  }
  if (c->outcome == CI_PASS) {
    fputs("/>\n", f);
    return;
  }
  static const char *tags[] = {"", "failure", "error", "skipped"};
  const char *tag = tags[c->outcome];
  fprintf(f, ">\n      <%s message=\"", tag);
  xml_text(f, c->message ? c->message : tag);
  if (c->outcome != CI_SKIP) fprintf(f, "\" type=\"%s", c->outcome == CI_FAIL ? "refuted" : "error");
  if (c->detail) {
    fputs("\">", f);
    xml_text(f, c->detail);
    fprintf(f, "</%s>\n", tag);
  } else {
    fputs("\"/>\n", f);
  }
  fputs("    </testcase>\n", f);
}

bool ci_write_junit(const CiReport *r, FILE *f) {
  if (r->oom) return false;
  Counts all = {0};
  for (size_t i = 0; i < r->n; i++) count(&all, &r->cases[i]);
  fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"", f);
  xml_text(f, r->title);
  fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.6f\">\n", all.tests,
          all.failures, all.errors, all.skipped, all.seconds);
  /* One suite per distinct suite name, in order of first appearance. */
  bool *done = calloc(r->n + 1, 1);
  if (!done) return false;
  for (size_t i = 0; i < r->n; i++) {
    if (done[i]) continue;
    Counts k = {0};
    for (size_t j = i; j < r->n; j++)
      if (!done[j] && !strcmp(r->cases[j].suite, r->cases[i].suite)) count(&k, &r->cases[j]);
    fputs("  <testsuite name=\"", f);
    xml_text(f, r->cases[i].suite);
    fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.6f\">\n", k.tests,
            k.failures, k.errors, k.skipped, k.seconds);
    for (size_t j = i; j < r->n; j++)
      if (!done[j] && !strcmp(r->cases[j].suite, r->cases[i].suite)) {
        done[j] = true;
        junit_case(f, &r->cases[j]);
      }
    fputs("  </testsuite>\n", f);
  }
  free(done);
  fputs("</testsuites>\n", f);
  return !ferror(f);
}

/* ---- SARIF 2.1.0 ---- */

static void json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (; s && *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
    else if (ch == '\n') fputs("\\n", f);
    else if (ch == '\t') fputs("\\t", f);
    else if (ch < 0x20 || ch >= 0x7f) fprintf(f, "\\u%04x", ch < 0x20 ? ch : '?');
    else fputc(ch, f);
  }
  fputc('"', f);
}

static const struct {
  const char *id, *name, *text;
} sarif_rules[] = {
  {CI_RULE_REFUTED, "RefutedRule", "A rewrite rule is wrong at some dtype instance: a counterexample refutes it."},
  {CI_RULE_UNKNOWN, "UnknownRule", "A rewrite rule could not be decided at some dtype instance: it never fires there."},
  {CI_RULE_ERROR, "VerifierError", "The verifier could not state or decide a rule instance."},
  {CI_RULE_LOOP, "RuleMayLoop", "A rewrite rule does not decrease the catalog's reduction order: rewriting may not terminate."},
  {CI_RULE_VACUOUS, "VacuousRule", "A rewrite rule can never fire: its guard holds nowhere, or its pattern is UB everywhere."},
  {CI_RULE_STAGE, "GateStageFailed", "A stage of the release soundness gate failed."},
  {CI_RULE_FINDING, "FuzzFinding", "The fuzzer found a wrong or failing simplification."},
};

static int rule_index(const char *id) {
  for (size_t i = 0; i < sizeof sarif_rules / sizeof sarif_rules[0]; i++)
    if (!strcmp(sarif_rules[i].id, id)) return (int)i;
  return -1;
}

static const char *level_name(CiLevel l) {
  return l == CI_LEVEL_ERROR ? "error" : l == CI_LEVEL_WARNING ? "warning" : l == CI_LEVEL_NOTE ? "note" : "none";
}

static bool same_result(const CiCase *a, const CiCase *b) {
  return a->sarif_rule && b->sarif_rule && !strcmp(a->sarif_rule, b->sarif_rule) && a->group && b->group &&
         !strcmp(a->group, b->group) && ((!a->file && !b->file) || (a->file && b->file && !strcmp(a->file, b->file)));
}

static void sarif_result(FILE *f, const CiReport *r, size_t i, bool *done, bool first) {
  const CiCase *c = &r->cases[i];
  int ri = rule_index(c->sarif_rule);
  fprintf(f, "%s\n        {\"ruleId\": ", first ? "" : ",");
  json_str(f, c->sarif_rule);
  fprintf(f, ", \"ruleIndex\": %d, \"level\": \"%s\", \"message\": {\"text\": ", ri, level_name(c->level));
  /* The message: the first case's, its detail (the counterexample), and the other cases of the group. */
  size_t others = 0;
  for (size_t j = i + 1; j < r->n; j++) others += !done[j] && same_result(c, &r->cases[j]);
  size_t len = (c->message ? strlen(c->message) : 0) + (c->detail ? strlen(c->detail) : 0) + 64;
  for (size_t j = i + 1; j < r->n; j++)
    if (!done[j] && same_result(c, &r->cases[j])) len += strlen(r->cases[j].name) + 2;
  char *text = malloc(len);
  if (text) {
    size_t n = (size_t)snprintf(text, len, "%s", c->message ? c->message : c->name);
    if (c->detail) n += (size_t)snprintf(text + n, len - n, "\n%s", c->detail);
    if (others) n += (size_t)snprintf(text + n, len - n, "\nalso: ");
    for (size_t j = i + 1, k = 0; j < r->n; j++)
      if (!done[j] && same_result(c, &r->cases[j])) n += (size_t)snprintf(text + n, len - n, "%s%s", k++ ? ", " : "", r->cases[j].name);
  }
  json_str(f, text ? text : c->name);
  free(text);
  fputc('}', f);
  if (c->file) {
    fputs(", \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ", f);
    json_str(f, c->file);
    fputc('}', f);
    if (c->line) fprintf(f, ", \"region\": {\"startLine\": %d}", c->line);
    fputs("}}]", f);
  }
  fputs(", \"properties\": {\"instances\": [", f);
  for (size_t j = i, k = 0; j < r->n; j++)
    if (j == i || (!done[j] && same_result(c, &r->cases[j]))) {
      if (k++) fputs(", ", f);
      json_str(f, r->cases[j].name);
      done[j] = true;
    }
  fputs("]}}", f);
}

bool ci_write_sarif(const CiReport *r, FILE *f) {
  if (r->oom) return false;
  fputs("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
        "  \"runs\": [\n    {\n      \"tool\": {\"driver\": {\"name\": \"vsimp\", \"version\": ",
        f);
  json_str(f, VSIMP_VERSION);
  fputs(", \"rules\": [", f);
  for (size_t i = 0; i < sizeof sarif_rules / sizeof sarif_rules[0]; i++) {
    fprintf(f, "%s\n        {\"id\": ", i ? "," : "");
    json_str(f, sarif_rules[i].id);
    fputs(", \"name\": ", f);
    json_str(f, sarif_rules[i].name);
    fputs(", \"shortDescription\": {\"text\": ", f);
    json_str(f, sarif_rules[i].text);
    fputs("}}", f);
  }
  fputs("]}},\n      \"invocations\": [{\"executionSuccessful\": true, \"commandLine\": ", f);
  json_str(f, r->title);
  fputs("}],\n      \"results\": [", f);
  bool *done = calloc(r->n + 1, 1);
  if (!done) return false;
  bool first = true;
  for (size_t i = 0; i < r->n; i++) {
    const CiCase *c = &r->cases[i];
    if (done[i] || !c->sarif_rule || rule_index(c->sarif_rule) < 0) continue;
    sarif_result(f, r, i, done, first);
    first = false;
  }
  free(done);
  fputs("\n      ]\n    }\n  ]\n}\n", f);
  return !ferror(f);
}

static bool write_file(const CiReport *r, const char *path, bool (*writer)(const CiReport *, FILE *)) {
  size_t len = strlen(path) + 8;
  char *tmp = malloc(len);
  if (!tmp) return false;
  snprintf(tmp, len, "%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  bool ok = f && writer(r, f);
  if (f && fclose(f) != 0) ok = false;
  if (ok && rename(tmp, path) != 0) ok = false;
  if (!ok) remove(tmp);
  free(tmp);
  return ok;
}

bool ci_write_junit_file(const CiReport *r, const char *path) { return write_file(r, path, ci_write_junit); }
bool ci_write_sarif_file(const CiReport *r, const char *path) { return write_file(r, path, ci_write_sarif); }
