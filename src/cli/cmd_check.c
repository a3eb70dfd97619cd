/* vsimp check FILE | vsimp check SRC.vs TGT.vs */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/refine_check.h"
#include "ir/graph.h"
#include "ir/vector.h"
#include "cli/cli.h"
#include "cli/json.h"
#include "smt/smt.h"
#include "text/text.h"

static const char *check_help =
  "usage: vsimp check [OPTIONS] FILE\n"
  "       vsimp check [OPTIONS] SRC.vs TGT.vs\n"
  "\n"
  "Proves or refutes that the target refines the source (docs/semantics.md): FILE holds a case\n"
  "`SRC --> TGT`; in the two-file form each file holds one expression over the same variables.\n"
  "Prints `valid`, `invalid` with a counterexample, or `unknown`. Two program files (first token\n"
  "`func`) are checked by translation validation (`vsimp check --help SRC.vs TGT.vs`, docs/pass.md).\n"
  "\n"
  "options:\n"
  "  --timeout MS     solver time limit per query (default 10000)\n"
  "  --rlimit N       solver resource limit per query, deterministic (default none)\n"
  "  --exhaustive N   evaluate every point instead when the domain has at most N points\n"
  "                   (default 65536; 0 always uses the solver)\n"
  "  --smt2 FILE      also write the query as SMT-LIB2 to FILE\n"
  "  --json           print one JSON object\n"
  "exit codes: 0 valid, 1 invalid, 2 bad input or usage, 3 unknown, 4 internal error\n";

/* A side's outcome at the counterexample: a value (every lane), or for an effect the final contents of
 * every buffer (UB either way). */
static void print_side(const Outcome *o, DType dt, const char *label, JsonWriter *w) {
  char buf[1024];
  if (o->out_of_domain || o->value.ub || !o->bufs) {
    const char *text = o->out_of_domain ? "not admissible (a free range lies outside its domain)"
                                        : vs_format_value(dt, &o->value, buf, sizeof buf);
    if (w) json_string(w, label, text);
    else printf("  %s = %s\n", label, text);
    return;
  }
  if (w) json_begin_object(w, label);
  for (size_t i = 0; i < o->nbufs; i++) {
    char *b = vs_format_buffer((DType)o->bufs[i].buf->dtype, &o->bufs[i].data);
    if (w) json_string(w, o->bufs[i].buf->aux.name, b ? b : "?");
    else printf("  %s leaves %s = %s\n", label, o->bufs[i].buf->aux.name, b ? b : "?");
    free(b);
  }
  if (w) json_end_object(w);
}

static void print_input(const char *name, const char *value, JsonWriter *w) {
  if (w) json_string(w, name, value);
  else printf("  %s = %s\n", name, value);
}

/* The counterexample: the variables (every lane), the free ranges, the buffers' initial contents, and
 * both sides there. */
static void print_cex(const CheckResult *r, const Node *src, const Node *tgt, JsonWriter *w) {
  char buf[1024];
  const Point *p = &r->cex;
  if (w) json_begin_object(w, "counterexample");
  else printf("counterexample:\n");
  for (size_t k = 0; k < p->nvars; k++) {
    const Node *v = p->vars[k].var;
    print_input(v->aux.name, vs_format_lanes((DType)v->dtype, v->lanes, p->vars[k].lane, buf, sizeof buf), w);
  }
  for (size_t k = 0; k < p->nranges; k++) {
    /* A loop variable once, though the source's and the target's range of its name are two nodes. */
    bool again = false;
    for (size_t j = 0; j < k && !again; j++) again = p->ranges[j].var->aux.name == p->ranges[k].var->aux.name;
    if (!again) print_input(p->ranges[k].var->aux.name, vs_format_literal(DT_INDEX, p->ranges[k].lane[0], true, buf, sizeof buf), w);
  }
  for (size_t k = 0; k < p->nbufs; k++) {
    char *b = vs_format_buffer((DType)p->bufs[k].buf->dtype, &p->bufs[k].data);
    print_input(p->bufs[k].buf->aux.name, b ? b : "?", w);
    free(b);
  }
  if (w) json_end_object(w);
  print_side(&r->src, (DType)src->dtype, "source", w);
  print_side(&r->tgt, (DType)tgt->dtype, "target", w);
}

static void report_text(const CheckResult *r, const Node *src, const Node *tgt) {
  printf("%s\n", check_verdict_name(r->verdict));
  if (r->verdict == CHECK_INVALID) print_cex(r, src, tgt, NULL);
  else if (r->verdict == CHECK_UNKNOWN || r->verdict == CHECK_ERROR) printf("reason: %s\n", r->reason);
}

static void report_json(const CheckResult *r, const Node *src, const Node *tgt) {
  JsonWriter w;
  json_init(&w, stdout);
  json_begin_object(&w, NULL);
  json_string(&w, "command", "check");
  json_string(&w, "verdict", check_verdict_name(r->verdict));
  json_string(&w, "method", r->method == CHECK_BY_EXHAUSTIVE ? "exhaustive" : "smt");
  json_double(&w, "seconds", r->seconds);
  if (r->verdict == CHECK_INVALID) print_cex(r, src, tgt, &w);
  if (r->verdict == CHECK_UNKNOWN || r->verdict == CHECK_ERROR) json_string(&w, "reason", r->reason);
  json_end_object(&w);
  json_finish(&w);
}

/* In the two-file form a name must mean the same variable on both sides. */
static bool same_declarations(const VsFile *a, const VsFile *b, const char *bpath, VsDiag *d) {
  for (size_t i = 0; i < b->nvars; i++)
    for (size_t j = 0; j < a->nvars; j++)
      if (b->vars[i]->aux.name == a->vars[j]->aux.name && b->vars[i] != a->vars[j]) {
        snprintf(d->file, sizeof d->file, "%s", bpath);
        d->line = d->col = 1;
        snprintf(d->msg, sizeof d->msg, "variable '%s' is declared differently in the two files",
                 b->vars[i]->aux.name);
        return false;
      }
  return true;
}

int cmd_check(int argc, char **argv) {
  if (cli_args_name_program(argc, argv)) return cmd_program_check(argc, argv); /* programs: cmd_program.c */
  if (cli_wants_help(argc, argv)) {
    fputs(check_help, stdout);
    return EXIT_OK;
  }
  CliCommon c = {.timeout_ms = 10000};
  unsigned long exhaustive = 65536;
  const char *files[2];
  int nfiles = 0;
  for (int i = 1; i < argc; i++) {
    int r = cli_common_option(&c, argc, argv, &i);
    if (r < 0) return EXIT_USAGE;
    if (r > 0) continue;
    if (!strcmp(argv[i], "--exhaustive")) {
      char *end;
      if (i + 1 >= argc || !*argv[i + 1] || argv[i + 1][0] == '-' ||
          (exhaustive = strtoul(argv[i + 1], &end, 10), *end))
        return cli_usage_error("--exhaustive needs a number of points");
      i++;
      continue;
    }
    if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("check: unknown option '%s'", argv[i]);
    if (nfiles == 2) return cli_usage_error("check: too many files (give one case file, or SRC and TGT)");
    files[nfiles++] = argv[i];
  }
  if (!nfiles) return cli_usage_error("check: no input file (see vsimp check --help)");

  VsCtx *ctx = vs_ctx_new();
  VsFile a = {0}, b = {0};
  VsDiag d;
  int rc = EXIT_USAGE;
  if (!vs_parse_file(ctx, files[0], &a, &d)) {
    rc = cli_input_error("check", &d, c.json);
    goto done;
  }
  Node *src = a.src, *tgt = a.tgt;
  if (nfiles == 1 && !tgt) {
    snprintf(d.file, sizeof d.file, "%s", files[0]);
    d.line = d.col = 1;
    snprintf(d.msg, sizeof d.msg, "expected a case 'SRC --> TGT' (or give a second file with the target)");
    rc = cli_input_error("check", &d, c.json);
    goto done;
  }
  if (nfiles == 2) {
    if (a.tgt) {
      snprintf(d.file, sizeof d.file, "%s", files[0]);
      d.line = d.col = 1;
      snprintf(d.msg, sizeof d.msg, "the source file holds a case; give one expression per file");
      rc = cli_input_error("check", &d, c.json);
      goto done;
    }
    if (!vs_parse_file(ctx, files[1], &b, &d)) {
      rc = cli_input_error("check", &d, c.json);
      goto done;
    }
    if (b.tgt) {
      snprintf(d.file, sizeof d.file, "%s", files[1]);
      d.line = d.col = 1;
      snprintf(d.msg, sizeof d.msg, "the target file holds a case; give one expression per file");
      rc = cli_input_error("check", &d, c.json);
      goto done;
    }
    if (!same_declarations(&a, &b, files[1], &d)) {
      rc = cli_input_error("check", &d, c.json);
      goto done;
    }
    tgt = b.src;
  }
  bool oom;
  const Node *loose = graph_unbound_range(src, tgt, &oom);
  if (loose || src->kind != tgt->kind) {
    snprintf(d.file, sizeof d.file, "%s", files[nfiles - 1]);
    d.line = d.col = 1;
    if (loose)
      snprintf(d.msg, sizeof d.msg, "the target leaves range '%s' free, the source does not (a rewrite may not unbind a loop variable)",
               loose->aux.name);
    else
      snprintf(d.msg, sizeof d.msg, "the source is %s but the target is %s", src->kind == NK_EFFECT ? "an effect" : "a value",
               tgt->kind == NK_EFFECT ? "an effect" : "a value");
    rc = cli_input_error("check", &d, c.json);
    goto done;
  }
  if (src->dtype != tgt->dtype || src->lanes != tgt->lanes) {
    char ta[16], tb[16];
    snprintf(d.file, sizeof d.file, "%s", files[nfiles - 1]);
    d.line = d.col = 1;
    snprintf(d.msg, sizeof d.msg, "the target has type %s but the source has type %s",
             vs_node_type_name(tgt, ta, sizeof ta), vs_node_type_name(src, tb, sizeof tb));
    rc = cli_input_error("check", &d, c.json);
    goto done;
  }

  SmtOptions so = {.timeout_ms = c.timeout_ms, .rlimit = c.rlimit, .smt2_path = c.smt2_path};
  SmtCtx *smt = smt_new(&so);
  /* With --smt2 the user wants the query itself: always go through the solver. */
  CheckOptions co = {.exhaustive_limit = c.smt2_path ? 0 : exhaustive};
  CheckResult r = check_refinement(smt, &co, NULL, src, tgt);
  if (c.json) report_json(&r, src, tgt);
  else report_text(&r, src, tgt);
  switch (r.verdict) {
  case CHECK_VALID: rc = EXIT_OK; break;
  case CHECK_INVALID: rc = EXIT_INVALID; break;
  case CHECK_UNKNOWN: rc = EXIT_UNKNOWN; break;
  default: rc = EXIT_INTERNAL; break;
  }
  check_result_free(&r);
  smt_free(smt);
done:
  vs_file_free(&a);
  vs_file_free(&b);
  vs_ctx_free(ctx);
  return rc;
}
