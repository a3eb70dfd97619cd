/* vsimp eval FILE NAME=VALUE... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/json.h"
#include "eval/eval.h"
#include "ir/graph.h"
#include "text/text.h"

static const char *eval_help =
  "usage: vsimp eval [--json] FILE NAME=VALUE...\n"
  "\n"
  "Evaluates the expression in FILE (or both sides of a case) with the reference evaluator, with each\n"
  "declared variable bound to a value given as a literal of its dtype (`x=5`, `y=-1`, `f=-0.0`,\n"
  "`f=nan`, `b=true`, `z=0xff`). A vector variable takes `[a, b, ...]` (one literal per lane) or one\n"
  "literal for every lane. Prints the value as a typed literal (vectors: `[1_i32, 2_i32]`), or UB.\n"
  "A buffer takes `b=[a, b, ...]` (one literal per element), one literal for every element, or\n"
  "`b={default: 0, 3: 7} of N`; a free range takes its value (`r=2`). An effect prints the buffers'\n"
  "contents afterwards (`b = [...]`).\n"
  "exit codes: 0 ok, 2 bad input or usage\n";

static int eval_error(bool json, const char *msg) {
  fprintf(stderr, "vsimp: error: %s\n", msg);
  if (json) {
    JsonWriter w;
    json_init(&w, stdout);
    json_begin_object(&w, NULL);
    json_string(&w, "command", "eval");
    json_string(&w, "error", msg);
    json_end_object(&w);
    json_finish(&w);
  }
  return EXIT_USAGE;
}

/* The point the arguments give, under construction. */
typedef struct {
  Point pt;
  Node **free_ranges; /* of source and target */
  size_t nfree;
  bool graph; /* a graph file: each input may be given once, a missing one is the evaluator's error */
} Args;

static void args_free(Args *g) {
  point_free(&g->pt);
  free(g->free_ranges);
}

static bool name_is(const Node *n, const char *arg, size_t len) {
  return strlen(n->aux.name) == len && !strncmp(n->aux.name, arg, len);
}

/* The free ranges of every root, and room for every input. */
static bool args_init(Args *g, const VsFile *f, Node *const *roots, size_t nroots) {
  memset(g, 0, sizeof *g);
  for (size_t s = 0; s < nroots; s++) g->graph |= (roots[s]->flags & NF_HAS_GRAPH) != 0;
  for (size_t s = 0; g->graph && s < nroots; s++) {
    Node **fr;
    size_t n = graph_free_ranges(roots[s], &fr);
    if (n == SIZE_MAX) return false;
    Node **all = realloc(g->free_ranges, (g->nfree + n + 1) * sizeof *all);
    if (all) {
      g->free_ranges = all;
      for (size_t i = 0; i < n; i++) g->free_ranges[g->nfree++] = fr[i];
    }
    free(fr);
    if (!all) return false;
  }
  g->pt.vars = calloc(f->nvars + 1, sizeof *g->pt.vars);
  g->pt.bufs = calloc(f->nvars + 1, sizeof *g->pt.bufs);
  g->pt.ranges = calloc(g->nfree + 1, sizeof *g->pt.ranges);
  return g->pt.vars && g->pt.bufs && g->pt.ranges;
}

/* Binds NAME=VALUE: a variable (every lane), a buffer or a free range of the file. */
static bool bind_arg(Args *g, const VsFile *f, const char *path, const char *arg, char *msg, size_t size) {
  const char *eq = strchr(arg, '=');
  if (!eq || eq == arg) {
    snprintf(msg, size, "expected NAME=VALUE, got '%s'", arg);
    return false;
  }
  size_t len = (size_t)(eq - arg);
  char err[256];
  Point *p = &g->pt;
  /* In a graph file each input once: a second value is an error, not a silent override. */
  for (size_t k = 0; g->graph && k < p->nvars; k++)
    if (name_is(p->vars[k].var, arg, len)) goto twice;
  for (size_t k = 0; k < p->nbufs; k++)
    if (name_is(p->bufs[k].buf, arg, len)) goto twice;
  for (size_t k = 0; k < p->nranges; k++)
    if (name_is(p->ranges[k].var, arg, len)) goto twice;
  for (size_t k = 0; k < f->nvars; k++) {
    const Node *v = f->vars[k];
    if (!name_is(v, arg, len)) continue;
    if (v->op == OP_BUFFER) {
      BufValue *b = &p->bufs[p->nbufs];
      if (!vs_parse_buffer_value(eq + 1, (DType)v->dtype, v->lo, &b->data, err, sizeof err)) {
        snprintf(msg, size, "bad value for buffer '%s': %s", v->aux.name, err);
        return false;
      }
      b->buf = v;
      p->nbufs++;
      return true;
    }
    VarValue x = {.var = v};
    if (!vs_parse_lanes_value(eq + 1, (DType)v->dtype, v->lanes, x.lane, err, sizeof err)) {
      snprintf(msg, size, "bad value for '%s': %s", v->aux.name, err);
      return false;
    }
    /* A declared range is an assumption: a value outside it is a usage error, not a result. */
    for (int j = 0; j < v->lanes && !dt_is_float((DType)v->dtype); j++) {
      i128 val = im_value((DType)v->dtype, x.lane[j]);
      if (val < vs_vmin(v) || val > vs_vmax(v)) {
        snprintf(msg, size, "value of '%s' is outside its declared range", v->aux.name);
        return false;
      }
    }
    size_t at = 0; /* a scalar file: a later value replaces an earlier one */
    while (at < p->nvars && p->vars[at].var != v) at++;
    p->vars[at] = x;
    if (at == p->nvars) p->nvars++;
    return true;
  }
  /* A loop variable is its name: the source's and the target's range of that name (their ends may be
   * written differently) take the one value. */
  bool bound = false;
  for (size_t k = 0; k < g->nfree; k++) {
    const Node *r = g->free_ranges[k];
    if (!name_is(r, arg, len)) continue;
    uint64_t bits;
    if (!vs_parse_value(eq + 1, DT_INDEX, &bits, err, sizeof err)) {
      snprintf(msg, size, "bad value for range '%s': %s", r->aux.name, err);
      return false;
    }
    p->ranges[p->nranges++] = var_value(r, bits);
    bound = true;
  }
  if (bound) return true;
  if (g->graph) snprintf(msg, size, "'%.*s' is not a declared variable, buffer or free range", (int)len, arg);
  else snprintf(msg, size, "'%.*s' is not a declared variable of %s", (int)len, arg, path);
  return false;
twice:
  snprintf(msg, size, "a value for '%.*s' is given twice", (int)len, arg);
  return false;
}

/* One side's outcome: a value (every lane), or for an effect the buffers' contents afterwards. */
static void print_outcome(const Outcome *r, const Node *root, const char *label, bool two, JsonWriter *w) {
  char buf[1024];
  if (r->out_of_domain || r->value.ub || !r->bufs) {
    const char *text = r->out_of_domain ? "not admissible (a free range lies outside its domain)"
                                        : vs_format_value((DType)root->dtype, &r->value, buf, sizeof buf);
    if (w) json_string(w, two ? label : "value", text);
    else if (two) printf("%s: %s\n", label, text);
    else printf("%s\n", text);
    return;
  }
  if (w) json_begin_object(w, two ? label : "value");
  else if (two) printf("%s:\n", label);
  for (size_t i = 0; i < r->nbufs; i++) {
    char *b = vs_format_buffer((DType)r->bufs[i].buf->dtype, &r->bufs[i].data);
    if (w) json_string(w, r->bufs[i].buf->aux.name, b ? b : "?");
    else printf("%s%s = %s\n", two ? "  " : "", r->bufs[i].buf->aux.name, b ? b : "?");
    free(b);
  }
  if (w) json_end_object(w);
}

static int eval_file(const VsFile *f, const char *path, int argc, char **argv, int first, bool json) {
  Node *roots[2] = {f->src, f->tgt};
  size_t nroots = f->tgt ? 2 : 1;
  Args g;
  char msg[512];
  int rc = EXIT_USAGE;
  Outcome res[2];
  memset(res, 0, sizeof res);
  if (!args_init(&g, f, roots, nroots)) {
    rc = eval_error(json, "out of memory");
    goto done;
  }
  for (int i = first; i < argc; i++) {
    if (!strcmp(argv[i], "--json")) continue;
    if (!bind_arg(&g, f, path, argv[i], msg, sizeof msg)) {
      rc = eval_error(json, msg);
      goto done;
    }
  }
  for (size_t k = 0; !g.graph && k < f->nvars; k++) {
    size_t j = 0;
    while (j < g.pt.nvars && g.pt.vars[j].var != f->vars[k]) j++;
    if (j < g.pt.nvars) continue;
    snprintf(msg, sizeof msg, "no value for variable '%s' (give %s=VALUE)", f->vars[k]->aux.name, f->vars[k]->aux.name);
    rc = eval_error(json, msg);
    goto done;
  }
  for (size_t s = 0; s < nroots; s++) {
    char err[256];
    if (!eval_at(roots[s], &g.pt, &res[s], err, sizeof err)) {
      snprintf(msg, sizeof msg, "%s: %s", path, err);
      rc = eval_error(json, msg);
      goto done;
    }
  }
  /* Printed only once both sides are evaluated: an error never leaves half an answer. */
  JsonWriter w;
  if (json) {
    json_init(&w, stdout);
    json_begin_object(&w, NULL);
    json_string(&w, "command", "eval");
  }
  const char *labels[2] = {"source", "target"};
  for (size_t s = 0; s < nroots; s++) print_outcome(&res[s], roots[s], labels[s], nroots == 2, json ? &w : NULL);
  if (json) {
    json_end_object(&w);
    json_finish(&w);
  }
  rc = EXIT_OK;
done:
  for (size_t s = 0; s < nroots; s++) outcome_free(&res[s]);
  args_free(&g);
  return rc;
}

int cmd_eval(int argc, char **argv) {
  if (cli_wants_help(argc, argv)) {
    fputs(eval_help, stdout);
    return EXIT_OK;
  }
  bool json = false;
  const char *path = NULL;
  int first_binding = argc;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--json")) json = true;
    else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("eval: unknown option '%s'", argv[i]);
    else if (!path) path = argv[i];
    else if (first_binding == argc) first_binding = i;
  }
  if (!path) return cli_usage_error("eval: no input file (see vsimp eval --help)");

  VsCtx *ctx = vs_ctx_new();
  VsFile f = {0};
  VsDiag d;
  int rc;
  if (!vs_parse_file(ctx, path, &f, &d)) rc = cli_input_error("eval", &d, json);
  else rc = eval_file(&f, path, argc, argv, first_binding, json);
  vs_file_free(&f);
  vs_ctx_free(ctx);
  return rc;
}
