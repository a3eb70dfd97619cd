/* vsimp eval FILE NAME=VALUE... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/json.h"
#include "eval/eval.h"
#include "eval/eval_graph.h"
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

/* ---- graph expressions ---- */

typedef struct {
  VarValue *vars, *ranges;
  BufValue *bufs;
  size_t nvars, nranges, nbufs;
  Node **free_ranges;
  size_t nfree;
} GraphArgs;

static void graph_args_free(GraphArgs *g) {
  for (size_t i = 0; i < g->nbufs; i++) bufdata_free(&g->bufs[i].data);
  free(g->vars);
  free(g->ranges);
  free(g->bufs);
  free(g->free_ranges);
}

/* Binds NAME=VALUE: a variable, a buffer or a free range of the file. */
static bool bind_graph_arg(GraphArgs *g, const VsFile *f, const char *arg, char *msg, size_t size) {
  const char *eq = strchr(arg, '=');
  if (!eq || eq == arg) {
    snprintf(msg, size, "expected NAME=VALUE, got '%s'", arg);
    return false;
  }
  size_t len = (size_t)(eq - arg);
  char err[256];
  /* Each input once: a second value is an error, not a silent override. */
  for (size_t k = 0; k < g->nvars; k++)
    if (strlen(g->vars[k].var->aux.name) == len && !strncmp(g->vars[k].var->aux.name, arg, len)) goto twice;
  for (size_t k = 0; k < g->nbufs; k++)
    if (strlen(g->bufs[k].buf->aux.name) == len && !strncmp(g->bufs[k].buf->aux.name, arg, len)) goto twice;
  for (size_t k = 0; k < g->nranges; k++)
    if (strlen(g->ranges[k].var->aux.name) == len && !strncmp(g->ranges[k].var->aux.name, arg, len)) goto twice;
  for (size_t k = 0; k < f->nvars; k++) {
    const Node *v = f->vars[k];
    if (strlen(v->aux.name) != len || strncmp(v->aux.name, arg, len)) continue;
    if (v->op == OP_BUFFER) {
      BufValue *b = &g->bufs[g->nbufs];
      if (!vs_parse_buffer_value(eq + 1, (DType)v->dtype, v->lo, &b->data, err, sizeof err)) {
        snprintf(msg, size, "bad value for buffer '%s': %s", v->aux.name, err);
        return false;
      }
      b->buf = v;
      g->nbufs++;
      return true;
    }
    uint64_t bits;
    if (!vs_parse_value(eq + 1, (DType)v->dtype, &bits, err, sizeof err)) {
      snprintf(msg, size, "bad value for '%s': %s", v->aux.name, err);
      return false;
    }
    i128 x = im_value((DType)v->dtype, bits);
    if (!dt_is_float((DType)v->dtype) && (x < vs_vmin(v) || x > vs_vmax(v))) {
      snprintf(msg, size, "value of '%s' is outside its declared range", v->aux.name);
      return false;
    }
    g->vars[g->nvars++] = (VarValue){v, bits};
    return true;
  }
  /* A loop variable is its name: the source's and the target's range of that name (their ends may be
   * written differently) take the one value. */
  bool bound = false;
  for (size_t k = 0; k < g->nfree; k++) {
    const Node *r = g->free_ranges[k];
    if (strlen(r->aux.name) != len || strncmp(r->aux.name, arg, len)) continue;
    uint64_t bits;
    if (!vs_parse_value(eq + 1, DT_INDEX, &bits, err, sizeof err)) {
      snprintf(msg, size, "bad value for range '%s': %s", r->aux.name, err);
      return false;
    }
    g->ranges[g->nranges++] = (VarValue){r, bits};
    bound = true;
  }
  if (bound) return true;
  snprintf(msg, size, "'%.*s' is not a declared variable, buffer or free range", (int)len, arg);
  return false;
twice:
  snprintf(msg, size, "a value for '%.*s' is given twice", (int)len, arg);
  return false;
}

static void print_graph_result(const GraphResult *r, const Node *root, const char *label, bool two, JsonWriter *w) {
  char buf[96];
  if (r->out_of_domain || r->value.ub || !r->bufs) {
    const char *text = r->out_of_domain ? "not admissible (a free range lies outside its domain)"
                       : r->value.ub    ? "UB"
                       : r->value.inv   ? "invalid"
                                        : vs_format_literal((DType)root->dtype, r->value.bits, true, buf, sizeof buf);
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

static int eval_graph_file(const VsFile *f, const char *path, int argc, char **argv, int first, bool json) {
  GraphArgs g = {0};
  char msg[512];
  int rc = EXIT_USAGE;
  Node *roots[2] = {f->src, f->tgt};
  size_t nroots = f->tgt ? 2 : 1;
  for (size_t s = 0; s < nroots; s++) {
    Node **fr;
    size_t n = graph_free_ranges(roots[s], &fr);
    if (n == SIZE_MAX) return eval_error(json, "out of memory");
    Node **all = realloc(g.free_ranges, (g.nfree + n + 1) * sizeof *all);
    if (!all) {
      free(fr);
      graph_args_free(&g);
      return eval_error(json, "out of memory");
    }
    g.free_ranges = all;
    for (size_t i = 0; i < n; i++) g.free_ranges[g.nfree++] = fr[i];
    free(fr);
  }
  g.vars = calloc(f->nvars + 1, sizeof *g.vars);
  g.bufs = calloc(f->nvars + 1, sizeof *g.bufs);
  g.ranges = calloc(g.nfree + 1, sizeof *g.ranges);
  if (!g.vars || !g.bufs || !g.ranges) {
    graph_args_free(&g);
    return eval_error(json, "out of memory");
  }
  for (int i = first; i < argc; i++) {
    if (!strcmp(argv[i], "--json")) continue;
    if (!bind_graph_arg(&g, f, argv[i], msg, sizeof msg)) {
      rc = eval_error(json, msg);
      goto done;
    }
  }
  GraphEnv env = {g.vars, g.nvars, g.ranges, g.nranges, g.bufs, g.nbufs};
  GraphResult res[2];
  memset(res, 0, sizeof res);
  for (size_t s = 0; s < nroots; s++) {
    char err[256];
    if (!eval_graph(roots[s], &env, &res[s], err, sizeof err)) {
      snprintf(msg, sizeof msg, "%s: %s", path, err);
      graph_result_free(&res[0]);
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
  for (size_t s = 0; s < nroots; s++) {
    print_graph_result(&res[s], roots[s], labels[s], nroots == 2, json ? &w : NULL);
    graph_result_free(&res[s]);
  }
  if (json) {
    json_end_object(&w);
    json_finish(&w);
  }
  rc = EXIT_OK;
done:
  graph_args_free(&g);
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
  int rc = EXIT_USAGE;
  VarValue *env = NULL;
  VecVarValue *venv = NULL;
  char msg[512];
  if (!vs_parse_file(ctx, path, &f, &d)) {
    rc = cli_input_error("eval", &d, json);
    goto done;
  }
  if ((f.src->flags | (f.tgt ? f.tgt->flags : 0)) & NF_HAS_GRAPH) {
    rc = eval_graph_file(&f, path, argc, argv, first_binding, json);
    goto done;
  }
  env = calloc(f.nvars + 1, sizeof *env);
  venv = calloc(f.nvars + 1, sizeof *venv);
  bool *bound = calloc(f.nvars + 1, sizeof *bound);
  if (!env || !venv || !bound) {
    free(bound);
    rc = eval_error(json, "out of memory");
    goto done;
  }
  for (int i = first_binding; i < argc; i++) {
    if (!strcmp(argv[i], "--json")) continue;
    const char *eq = strchr(argv[i], '=');
    if (!eq || eq == argv[i]) {
      snprintf(msg, sizeof msg, "expected NAME=VALUE, got '%s'", argv[i]);
      free(bound);
      rc = eval_error(json, msg);
      goto done;
    }
    size_t k = 0, len = (size_t)(eq - argv[i]);
    while (k < f.nvars && !(strlen(f.vars[k]->aux.name) == len && !strncmp(f.vars[k]->aux.name, argv[i], len))) k++;
    if (k == f.nvars) {
      snprintf(msg, sizeof msg, "'%.*s' is not a declared variable of %s", (int)len, argv[i], path);
      free(bound);
      rc = eval_error(json, msg);
      goto done;
    }
    char err[256];
    if (!vs_parse_lanes_value(eq + 1, (DType)f.vars[k]->dtype, f.vars[k]->lanes, venv[k].lane, err, sizeof err)) {
      snprintf(msg, sizeof msg, "bad value for '%s': %s", f.vars[k]->aux.name, err);
      free(bound);
      rc = eval_error(json, msg);
      goto done;
    }
    env[k].var = venv[k].var = f.vars[k];
    env[k].bits = venv[k].lane[0];
    bound[k] = true;
  }
  for (size_t k = 0; k < f.nvars; k++) {
    if (bound[k]) continue;
    snprintf(msg, sizeof msg, "no value for variable '%s' (give %s=VALUE)", f.vars[k]->aux.name, f.vars[k]->aux.name);
    free(bound);
    rc = eval_error(json, msg);
    goto done;
  }
  free(bound);
  /* A declared range is an assumption: a value outside it is a usage error, not a result. */
  for (size_t k = 0; k < f.nvars; k++) {
    const Node *v = f.vars[k];
    if (dt_is_float((DType)v->dtype)) continue;
    for (int j = 0; j < v->lanes; j++) {
      i128 x = im_value((DType)v->dtype, venv[k].lane[j]);
      if (x < vs_vmin(v) || x > vs_vmax(v)) {
        snprintf(msg, sizeof msg, "value of '%s' is outside its declared range", v->aux.name);
        rc = eval_error(json, msg);
        goto done;
      }
    }
  }
  Node *roots[2] = {f.src, f.tgt};
  const char *labels[2] = {"source", "target"};
  JsonWriter w;
  if (json) {
    json_init(&w, stdout);
    json_begin_object(&w, NULL);
    json_string(&w, "command", "eval");
  }
  for (int s = 0; s < 2 && roots[s]; s++) {
    VecValue v;
    char buf[1024];
    /* The vector evaluator computes scalars exactly as the scalar one (lane by lane through it). */
    bool ok = (roots[s]->flags & NF_HAS_VEC) ? eval_vec_expr(roots[s], venv, f.nvars, &v) : false;
    bool inv = false;
    if (!(roots[s]->flags & NF_HAS_VEC)) {
      Value sv;
      ok = eval_expr(roots[s], env, f.nvars, &sv);
      v.lanes = 1;
      v.lane[0] = sv.bits;
      v.ub = sv.ub;
      inv = sv.inv;
    }
    if (!ok) {
      rc = eval_error(json, "evaluation failed");
      goto done;
    }
    const char *text = v.ub ? "UB" : inv ? "invalid" : vs_format_lanes((DType)roots[s]->dtype, v.lanes, v.lane, buf, sizeof buf);
    if (json) json_string(&w, f.tgt ? labels[s] : "value", text);
    else if (f.tgt) printf("%s: %s\n", labels[s], text);
    else printf("%s\n", text);
  }
  if (json) {
    json_end_object(&w);
    json_finish(&w);
  }
  rc = EXIT_OK;
done:
  free(env);
  free(venv);
  vs_file_free(&f);
  vs_ctx_free(ctx);
  return rc;
}
