/* vsimp eval FILE NAME=VALUE... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/json.h"
#include "eval/eval.h"
#include "text/text.h"

static const char *eval_help =
  "usage: vsimp eval [--json] FILE NAME=VALUE...\n"
  "\n"
  "Evaluates the expression in FILE (or both sides of a case) with the reference evaluator, with each\n"
  "declared variable bound to a value given as a literal of its dtype (`x=5`, `y=-1`, `f=-0.0`,\n"
  "`f=nan`, `b=true`, `z=0xff`). A vector variable takes `[a, b, ...]` (one literal per lane) or one\n"
  "literal for every lane. Prints the value as a typed literal (vectors: `[1_i32, 2_i32]`), or UB.\n"
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
