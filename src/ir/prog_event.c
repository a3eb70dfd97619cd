/* prog_event.c: event signatures and tensor identities (prog_event.h). */
#include "ir/prog_event.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t prog_tensor_param_id(uint32_t param_index) { return (uint64_t)param_index + 1; }
uint64_t prog_tensor_call_id(uint64_t event_pos) { return (UINT64_C(1) << 32) + event_pos; }

/* ---- signatures ---- */

typedef struct {
  char *s;
  size_t len, cap;
  bool fail;
} Str;

static void sput(Str *b, const char *s) {
  size_t n = strlen(s);
  if (b->fail) return;
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap * 2 : 64;
    while (cap < b->len + n + 1) cap *= 2;
    char *ns = realloc(b->s, cap);
    if (!ns) {
      b->fail = true;
      return;
    }
    b->s = ns;
    b->cap = cap;
  }
  memcpy(b->s + b->len, s, n + 1);
  b->len += n;
}

static void skind(Str *b, const Type *t) {
  char tmp[4096] = "";
  type_sig(t, tmp, sizeof tmp);
  sput(b, tmp);
}

static char *sdone(Str *b) {
  if (b->fail) {
    free(b->s);
    return NULL;
  }
  return b->s;
}

static Type val_type(const Val *v) {
  if (v->tensor) return v->tensor->type;
  if (v->e) return type_scalar((DType)v->e->dtype);
  return type_scalar(DT_BOOL);
}

char *prog_sig_call(const Call *c, const Type *result) {
  Str b = {0};
  sput(&b, "call ");
  sput(&b, c->name);
  sput(&b, "(");
  for (uint32_t i = 0; i < c->nargs; i++) {
    if (i) sput(&b, ",");
    Type t = val_type(&c->args[i]);
    skind(&b, &t);
  }
  sput(&b, ")");
  if (result) {
    sput(&b, "->");
    skind(&b, result);
  }
  return sdone(&b);
}

char *prog_sig_submit(const Call *c, const Type *result, uint32_t ndeps) {
  char *call = prog_sig_call(c, result);
  if (!call) return NULL;
  size_t n = strlen(call) + 48;
  char *s = malloc(n);
  if (s) snprintf(s, n, "submit %s deps(%u)", call + 5, ndeps);
  free(call);
  return s;
}

char *prog_sig_dispatch(char *sig, uint32_t ndeps, const Pred *p) {
  if (!sig || (!ndeps && !p)) return sig;
  char ts[160] = "";
  if (p) type_sig(&p->tensor->type, ts, sizeof ts);
  size_t n = strlen(sig) + strlen(ts) + 96;
  char *s = malloc(n);
  if (s) {
    int k = snprintf(s, n, "%s", sig);
    if (ndeps) k += snprintf(s + k, n - (size_t)k, " deps(%u)", ndeps);
    if (p) snprintf(s + k, n - (size_t)k, " when %s[%u] %s %lld", ts, p->nidx, pred_op_name(p->op), (long long)p->target);
  }
  free(sig);
  return s;
}

char *prog_sig_domain(uint32_t nslots, bool end) {
  char *s = malloc(48);
  if (s) snprintf(s, 48, "%sdomain[%u]", end ? "end " : "", nslots);
  return s;
}

char *prog_sig_simple(const char *what, const Type *const *types, uint32_t n) {
  Str b = {0};
  sput(&b, what);
  sput(&b, "(");
  for (uint32_t i = 0; i < n; i++) {
    if (i) sput(&b, ",");
    skind(&b, types[i]);
  }
  sput(&b, ")");
  return sdone(&b);
}

void prog_trace_free(ProgTrace *t) {
  if (!t) return;
  for (size_t i = 0; i < t->nevents; i++) {
    free(t->events[i].sig);
    free(t->events[i].args);
    free(t->events[i].kinds);
  }
  free(t->events);
  memset(t, 0, sizeof *t);
}
