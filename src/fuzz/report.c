/* report.c: campaign reports as text, JSON and Markdown, and findings as regression files. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz/campaign.h"
#include "fuzz/input.h"

static double per_second(uint64_t n, double s) { return s > 0 ? (double)n / s : 0.0; }

static size_t count_fired(const CampaignReport *r, size_t *checked) {
  size_t fired = 0;
  *checked = 0;
  for (size_t i = 0; i < r->ncov; i++) {
    fired += r->cov[i].inputs > 0;
    *checked += r->cov[i].smt_checked > 0;
  }
  return fired;
}

void fuzz_report_text(const CampaignReport *r, FILE *out) {
  const FuzzStats *s = &r->stats;
  if (r->files) fprintf(out, "fuzz %s: replayed %zu files", fuzz_target_name(r->target), r->files);
  else
    fprintf(out, "fuzz %s: %.1f s, %llu execs (%.0f/s over %u jobs), seed %llu", fuzz_target_name(r->target),
            r->seconds, (unsigned long long)r->execs, per_second(r->execs, r->seconds), r->jobs,
            (unsigned long long)r->seed);
  fprintf(out, "\n");
  if (r->target == FUZZ_TARGET_EXPR) {
    fprintf(out, "simplified: %llu of %llu inputs changed; %llu concrete points", (unsigned long long)s->changed,
            (unsigned long long)s->execs, (unsigned long long)s->points);
    if (s->parse_failed) fprintf(out, "; %llu text inputs did not parse", (unsigned long long)s->parse_failed);
    fprintf(out, "\n");
    fprintf(out, "z3 (%s): %llu checks (%.1f/s of solver time): %llu valid, %llu invalid, %llu unknown, %llu errors\n",
            smt_mode_name(r->smt), (unsigned long long)s->smt_checks, per_second(s->smt_checks, s->smt_seconds),
            (unsigned long long)s->smt_valid, (unsigned long long)s->smt_invalid, (unsigned long long)s->smt_unknown,
            (unsigned long long)s->smt_errors);
    size_t checked, fired = count_fired(r, &checked), unprovable = 0;
    for (size_t i = 0; i < r->ncov; i++) unprovable += !r->cov[i].provable;
    fprintf(out, "rules: %zu of %zu fired, %zu cross-checked by z3; %zu have no proved instance (cannot fire)\n", fired,
            r->ncov, checked, unprovable);
    size_t shown = 0, missing = r->ncov - fired - unprovable;
    for (size_t i = 0; i < r->ncov; i++) {
      if (r->cov[i].inputs || !r->cov[i].provable) continue;
      fprintf(out, "%s%s", shown ? ", " : "proved but never reached: ", r->cov[i].name);
      if (++shown == 16 && shown < missing) {
        fprintf(out, ", ... (%zu more; --json lists them)", missing - shown);
        break;
      }
    }
    if (shown) fprintf(out, "\n");
  }
  if (r->target == FUZZ_TARGET_PROGRAM) {
    fprintf(out, "pass: %llu of %llu programs changed; %llu concrete points", (unsigned long long)s->changed,
            (unsigned long long)s->execs, (unsigned long long)s->points);
    if (s->parse_failed) fprintf(out, "; %llu text inputs did not parse", (unsigned long long)s->parse_failed);
    fprintf(out, "\n");
    fprintf(out, "z3 (%s): %llu translation validations (%.1f/s of solver time): %llu valid, %llu invalid, %llu unknown, "
            "%llu errors\n",
            smt_mode_name(r->smt), (unsigned long long)s->smt_checks, per_second(s->smt_checks, s->smt_seconds),
            (unsigned long long)s->smt_valid, (unsigned long long)s->smt_invalid, (unsigned long long)s->smt_unknown,
            (unsigned long long)s->smt_errors);
    fprintf(out, "folds (times, in programs):");
    for (size_t i = 0; i < r->ncov; i++)
      fprintf(out, "%s %s %llu (%llu)", i ? "," : "", r->cov[i].name, (unsigned long long)r->cov[i].fired,
              (unsigned long long)r->cov[i].inputs);
    fprintf(out, "\n");
  }
  fprintf(out, "findings: %zu (%llu duplicates)\n", r->nfindings, (unsigned long long)r->duplicates);
  for (size_t i = 0; i < r->nfindings; i++) {
    const FuzzFinding *f = &r->findings[i];
    fprintf(out, "\n--- finding %zu: %s (%s)%s%s\n", i + 1, find_kind_name(f->kind), f->oracle,
            r->finding_origin && r->finding_origin[i] ? " in " : "",
            r->finding_origin && r->finding_origin[i] ? r->finding_origin[i] : "");
    char *file = fuzz_finding_file(f);
    if (file) fputs(file, out);
    free(file);
  }
}

/* ---- JSON ---- */

static void jstr(FILE *out, const char *s) {
  if (!s) {
    fputs("null", out);
    return;
  }
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') fprintf(out, "\\%c", *p);
    else if (*p == '\n') fputs("\\n", out);
    else if (*p == '\t') fputs("\\t", out);
    else if (*p < 0x20 || *p >= 0x7f) fprintf(out, "\\u%04x", *p);
    else fputc(*p, out);
  }
  fputc('"', out);
}

void fuzz_report_json(const CampaignReport *r, FILE *out) {
  const FuzzStats *s = &r->stats;
  fprintf(out, "{\"command\":\"fuzz\",\"target\":\"%s\",\"seconds\":%.3f,\"execs\":%llu,\"execs_per_second\":%.1f,",
          fuzz_target_name(r->target), r->seconds, (unsigned long long)r->execs, per_second(r->execs, r->seconds));
  fprintf(out, "\"jobs\":%u,\"seed\":%llu,\"files\":%zu,\"changed\":%llu,\"points\":%llu,\"parse_failed\":%llu,",
          r->jobs, (unsigned long long)r->seed, r->files, (unsigned long long)s->changed,
          (unsigned long long)s->points, (unsigned long long)s->parse_failed);
  fprintf(out,
          "\"smt\":{\"mode\":\"%s\",\"checks\":%llu,\"valid\":%llu,\"invalid\":%llu,\"unknown\":%llu,\"errors\":%llu,"
          "\"seconds\":%.3f,\"checks_per_second\":%.2f},",
          smt_mode_name(r->smt), (unsigned long long)s->smt_checks, (unsigned long long)s->smt_valid,
          (unsigned long long)s->smt_invalid, (unsigned long long)s->smt_unknown, (unsigned long long)s->smt_errors,
          s->smt_seconds, per_second(s->smt_checks, s->smt_seconds));
  fprintf(out, "\"duplicates\":%llu,\"findings\":[", (unsigned long long)r->duplicates);
  for (size_t i = 0; i < r->nfindings; i++) {
    const FuzzFinding *f = &r->findings[i];
    fprintf(out, "%s{\"kind\":\"%s\",\"oracle\":", i ? "," : "", find_kind_name(f->kind));
    jstr(out, f->oracle);
    fputs(",\"detail\":", out);
    jstr(out, f->detail);
    fputs(",\"signature\":", out);
    jstr(out, f->signature);
    fputs(",\"rules\":", out);
    jstr(out, f->rules);
    fputs(",\"case\":", out);
    jstr(out, f->case_text);
    fputs(",\"counterexample\":", out);
    jstr(out, f->cex_text);
    fputs(",\"origin\":", out);
    jstr(out, r->finding_origin ? r->finding_origin[i] : NULL);
    fprintf(out, ",\"reduced\":%s,\"nodes_before\":%zu,\"nodes_after\":%zu,\"input_hex\":\"", f->reduced ? "true" : "false",
            f->nodes_before, f->nodes_after);
    for (size_t k = 0; k < f->input_size; k++) fprintf(out, "%02x", f->input[k]);
    fputs("\"}", out);
  }
  size_t checked, fired = count_fired(r, &checked);
  fprintf(out, "],\"coverage\":{\"entries\":%zu,\"fired\":%zu,\"cross_checked\":%zu,\"rules\":[", r->ncov, fired, checked);
  for (size_t i = 0; i < r->ncov; i++) {
    const CoverageEntry *c = &r->cov[i];
    fprintf(out, "%s{\"name\":", i ? "," : "");
    jstr(out, c->name);
    fputs(",\"family\":", out);
    jstr(out, c->family);
    fprintf(out, ",\"provable\":%s", c->provable ? "true" : "false");
    fprintf(out, ",\"fired\":%llu,\"inputs\":%llu,\"smt_checked\":%llu}", (unsigned long long)c->fired,
            (unsigned long long)c->inputs, (unsigned long long)c->smt_checked);
  }
  fputs("],\"never_fired\":[", out);
  for (size_t i = 0, k = 0; i < r->ncov; i++)
    if (!r->cov[i].inputs && r->cov[i].provable) {
      fputs(k++ ? "," : "", out);
      jstr(out, r->cov[i].name);
    }
  fputs("],\"unprovable\":[", out);
  for (size_t i = 0, k = 0; i < r->ncov; i++)
    if (!r->cov[i].provable) {
      fputs(k++ ? "," : "", out);
      jstr(out, r->cov[i].name);
    }
  fputs("]}}\n", out);
}

/* ---- Markdown ---- */

void fuzz_report_markdown(const CampaignReport *r, FILE *out) {
  const FuzzStats *s = &r->stats;
  fprintf(out, "## vsimp fuzz, target `%s`\n\n", fuzz_target_name(r->target));
  fprintf(out, "| | |\n|---|---|\n");
  if (r->files) fprintf(out, "| inputs replayed | %zu files |\n", r->files);
  fprintf(out, "| executions | %llu in %.1f s (%.0f/s, %u jobs) |\n", (unsigned long long)r->execs, r->seconds,
          per_second(r->execs, r->seconds), r->jobs);
  if (r->target == FUZZ_TARGET_PROGRAM) {
    fprintf(out, "| changed by the pass | %llu |\n", (unsigned long long)s->changed);
    fprintf(out, "| translation validations (%s) | %llu: %llu valid, %llu invalid, %llu unknown, %llu errors |\n",
            smt_mode_name(r->smt), (unsigned long long)s->smt_checks, (unsigned long long)s->smt_valid,
            (unsigned long long)s->smt_invalid, (unsigned long long)s->smt_unknown, (unsigned long long)s->smt_errors);
    for (size_t i = 0; i < r->ncov; i++)
      fprintf(out, "| fold `%s` | %llu times in %llu programs |\n", r->cov[i].name, (unsigned long long)r->cov[i].fired,
              (unsigned long long)r->cov[i].inputs);
  }
  if (r->target == FUZZ_TARGET_EXPR) {
    fprintf(out, "| changed by the simplifier | %llu |\n", (unsigned long long)s->changed);
    fprintf(out, "| z3 checks (%s) | %llu: %llu valid, %llu invalid, %llu unknown, %llu errors |\n",
            smt_mode_name(r->smt), (unsigned long long)s->smt_checks, (unsigned long long)s->smt_valid,
            (unsigned long long)s->smt_invalid, (unsigned long long)s->smt_unknown, (unsigned long long)s->smt_errors);
    size_t checked, fired = count_fired(r, &checked);
    fprintf(out, "| rules fired | %zu of %zu (%zu cross-checked by z3) |\n", fired, r->ncov, checked);
  }
  fprintf(out, "| findings | %zu (%llu duplicates) |\n\n", r->nfindings, (unsigned long long)r->duplicates);
  for (size_t i = 0; i < r->nfindings; i++) {
    const FuzzFinding *f = &r->findings[i];
    fprintf(out, "### Finding %zu: %s (%s oracle)\n\n%s\n\n", i + 1, find_kind_name(f->kind), f->oracle, f->detail);
    char *file = fuzz_finding_file(f);
    fprintf(out, "```\n%s```\n\n", file ? file : "");
    free(file);
  }
  if (r->target != FUZZ_TARGET_EXPR || !r->ncov) return;
  fprintf(out, "### Rules never exercised\n\nProved at some dtype, but no input reached them: ");
  size_t k = 0;
  for (size_t i = 0; i < r->ncov; i++)
    if (!r->cov[i].inputs && r->cov[i].provable) fprintf(out, "%s`%s`", k++ ? ", " : "", r->cov[i].name);
  fprintf(out, "%s\n\nWithout any proved instance (they cannot fire): ", k ? "" : "(none)");
  k = 0;
  for (size_t i = 0; i < r->ncov; i++)
    if (!r->cov[i].provable) fprintf(out, "%s`%s`", k++ ? ", " : "", r->cov[i].name);
  fprintf(out, "%s\n\n### Rule coverage\n\n| rule | family | fired | inputs | z3 cross-checks |\n|---|---|---|---|---|\n",
          k ? "" : "(none)");
  for (size_t i = 0; i < r->ncov; i++) {
    const CoverageEntry *c = &r->cov[i];
    fprintf(out, "| `%s` | %s | %llu | %llu | %llu |\n", c->name, c->family, (unsigned long long)c->fired,
            (unsigned long long)c->inputs, (unsigned long long)c->smt_checked);
  }
}

/* ---- finding files ---- */

static bool write_bytes(const char *path, const void *data, size_t n, char *err, size_t errlen) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, n, f) != n) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    if (f) fclose(f);
    return false;
  }
  if (fclose(f) != 0) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return false;
  }
  return true;
}

char *fuzz_finding_name(const FuzzFinding *f, char *buf, size_t size) {
  const char *sig = f->signature ? f->signature : "";
  unsigned long long h = (unsigned long long)fuzz_hash(sig, strlen(sig), FUZZ_HASH_INIT);
  snprintf(buf, size, "%s-%08llx", find_kind_name(f->kind), h & 0xffffffffull);
  return buf;
}

bool fuzz_write_findings(const CampaignReport *r, const char *dir, char *err, size_t errlen) {
  if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
    snprintf(err, errlen, "%s: %s", dir, strerror(errno));
    return false;
  }
  for (size_t i = 0; i < r->nfindings; i++) {
    const FuzzFinding *f = &r->findings[i];
    char name[96], path[4096];
    fuzz_finding_name(f, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s.vs", dir, name);
    char *text = fuzz_finding_file(f);
    bool ok = text && write_bytes(path, text, strlen(text), err, errlen);
    free(text);
    if (!ok) return false;
    snprintf(path, sizeof path, "%s/%s.input", dir, name);
    if (f->input && !write_bytes(path, f->input, f->input_size, err, errlen)) return false;
  }
  return true;
}

void fuzz_ci_cases(CiReport *ci, const CampaignReport *r, const char *out_dir) {
  char suite[64], detail[400];
  snprintf(suite, sizeof suite, "fuzz %s", fuzz_target_name(r->target));
  snprintf(detail, sizeof detail, "%llu inputs, %zu findings, %llu z3 checks, seed %llu, %u jobs",
           (unsigned long long)r->execs, r->nfindings, (unsigned long long)r->stats.smt_checks,
           (unsigned long long)r->seed, r->jobs);
  ci_add(ci, suite, "campaign", r->nfindings ? CI_FAIL : CI_PASS, r->seconds, detail, NULL);
  for (size_t i = 0; i < r->nfindings; i++) {
    const FuzzFinding *f = &r->findings[i];
    char name[96], label[128], msg[512], path[4096];
    fuzz_finding_name(f, name, sizeof name);
    snprintf(label, sizeof label, "finding %s", name);
    snprintf(msg, sizeof msg, "%s finding (%s oracle): %s", find_kind_name(f->kind), f->oracle, f->detail);
    char *text = fuzz_finding_file(f);
    ci_add(ci, suite, label, CI_FAIL, 0, msg, text);
    free(text);
    /* Located at its regression file: the one --out writes, or the replayed file it came from. */
    const char *where = NULL;
    if (out_dir) {
      snprintf(path, sizeof path, "%s/%s.vs", out_dir, name);
      where = path;
    } else if (r->finding_origin && r->finding_origin[i]) where = r->finding_origin[i];
    ci_locate(ci, where, 0, name, CI_RULE_FINDING, CI_LEVEL_ERROR);
  }
}
