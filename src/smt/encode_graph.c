/* encode_graph.c: the tensor-graph layer as Z3 terms (docs/semantics.md, "Memory, loops and
 * reductions"); see encode_graph.h for the model.
 *
 * A *frame* is what a node of the layer is evaluated in: a memory state (one array term per buffer of
 * the query) and the values of the ranges bound around the node (numerals: loops are unrolled). Frames
 * are interned, so two routes to the same state and bindings share one frame and hence the memo entries
 * of the nodes encoded in it. Frame 0 is the initial state with nothing bound.
 *
 * Three encoders walk the graph part of an expression, memoised per (node, frame):
 *   gval   a value node: its SmtTerm (value, definedness, INVALID);
 *   geff   an effect node: its definedness and the frame it leaves (the same bindings, a new state);
 *   gptr   a pointer (INDEX, not memoised): the buffer, the frame the access happens in (after the
 *          effects of `index(after(B, D...), I)` have run), and the index term.
 * Nodes without NF_HAS_GRAPH are frame-free and go to enc_expr, so they share the Enc's memo with the
 * scalar encoding; a value op above graph operands is encoded by enc_node_terms on its operands' terms,
 * so that it means exactly what the scalar encoding makes of it (select's laziness and INVALID included).
 *
 * Arrays hold elements at every 64-bit index, buffers only in [0, N). Stores never reach outside [0, N)
 * (they are UB there), so an array outside [0, N) always holds what the initial array holds, except
 * after an abstract effect, whose uninterpreted result is arbitrary everywhere. Its result is therefore
 * masked to [0, N) (a lambda that keeps the old elements outside): then two states are equal exactly
 * when their arrays are equal, which makes both the final comparison of two effects and the congruence
 * of the uninterpreted functions (equal states give equal results) exact. */
#include "smt/encode_graph.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/graph.h"
#include "ir/grow.h"

/* Recursion bound of the graph walkers (nested after/end/reduce/store chains): deeper graphs fail
 * cleanly instead of overflowing the C stack. */
#define GENC_MAX_DEPTH 4000

/* ---- a map from nonzero 64-bit keys to 64-bit values (open addressing, at most half full) ---- */

typedef struct {
  uint64_t *keys, *vals;
  size_t cap, count;
} U64Map;

static uint64_t mix64(uint64_t x) {
  x ^= x >> 33;
  x *= UINT64_C(0xff51afd7ed558ccd);
  x ^= x >> 33;
  x *= UINT64_C(0xc4ceb9fe1a85ec53);
  x ^= x >> 33;
  return x;
}

static bool u64map_get(const U64Map *m, uint64_t key, uint64_t *val) {
  if (!m->cap) return false;
  for (size_t i = (size_t)mix64(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
    if (m->keys[i] == 0) return false;
    if (m->keys[i] == key) {
      *val = m->vals[i];
      return true;
    }
  }
}

static void u64map_place(uint64_t *keys, uint64_t *vals, size_t cap, uint64_t key, uint64_t val) {
  size_t i = (size_t)mix64(key) & (cap - 1);
  while (keys[i] != 0 && keys[i] != key) i = (i + 1) & (cap - 1);
  keys[i] = key;
  vals[i] = val;
}

/* Inserts or overwrites; false when out of memory. */
static bool u64map_put(U64Map *m, uint64_t key, uint64_t val) {
  if (2 * (m->count + 1) > m->cap) {
    size_t ncap = m->cap ? 2 * m->cap : 64;
    uint64_t *nk = calloc(ncap, sizeof *nk), *nv = calloc(ncap, sizeof *nv);
    if (!nk || !nv) {
      free(nk);
      free(nv);
      return false;
    }
    for (size_t i = 0; i < m->cap; i++)
      if (m->keys[i]) u64map_place(nk, nv, ncap, m->keys[i], m->vals[i]);
    free(m->keys);
    free(m->vals);
    m->keys = nk;
    m->vals = nv;
    m->cap = ncap;
  }
  uint64_t old;
  if (!u64map_get(m, key, &old)) m->count++;
  u64map_place(m->keys, m->vals, m->cap, key, val);
  return true;
}

static void u64map_free(U64Map *m) {
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}

/* ---- the encoder's state ---- */

typedef struct {
  const Node *r; /* a bound RANGE */
  Z3_ast v;      /* its value in this frame (a numeral) */
} Bind;

typedef struct {
  Z3_ast *arr;  /* one array per buffer: the state */
  Bind *bind;   /* sorted by range id */
  size_t nbind;
  Z3_ast act;   /* the iterations of the enclosing loops that bind these ranges run (cut assumptions
                 * are guarded by it); part of the frame, so a memo entry made under one activity is
                 * never reused under another */
  uint64_t key; /* content hash (never 0) */
  size_t next;  /* the next frame with the same key, or SIZE_MAX */
} Frame;

typedef struct {
  SmtTerm t;   /* values: the term; effects: t.def */
  size_t fout; /* effects: the frame left */
} Memo;

/* The uninterpreted functions of the abstract effects of one name and arity. */
typedef struct {
  const char *name;
  int nranges;
  Z3_func_decl *upd; /* per buffer: (arrays, range values) -> the buffer's new array */
  Z3_func_decl ud;   /* (arrays, range values) -> defined */
} EffFamily;

typedef struct {
  Z3_ast *v;
  size_t n, cap;
} AstList;

struct GraphEnc {
  Enc *e;
  const Node **bufs; /* the state's buffers, by id */
  size_t nbuf;
  /* The state's arrays: one per buffer, then (when abstract effects occur) the rest of memory. */
  size_t nstate;
  Z3_sort *asort; /* per state array: BV64 -> element sort */
  Z3_ast *init;   /* per state array */
  Z3_ast *size;   /* per buffer */
  AstList *access; /* per buffer: the index term of every load and store */
  Frame *fr;
  size_t nfr, frcap;
  U64Map fmap; /* frame key -> the last frame with that key */
  Memo *memo;
  size_t nmemo, mcap;
  U64Map mmap; /* (node id, frame) -> memo entry */
  /* Free ranges met so far, in parallel arrays (genc_free_ranges hands two of them out). */
  const Node **rnode;
  Z3_ast *rconst, *rdef, *rdom;
  size_t nrange, rcap;
  Node **rfree; /* ranges free in some root: the only ones that may become free constants */
  size_t nrfree;
  EffFamily *fam;
  size_t nfam, famcap;
  Z3_ast lam_k; /* the bound variable of the masking lambdas */
  Z3_ast cuts;  /* assumptions that make a cut loop exact (encode_graph.h, genc_cuts) */
  Z3_ast oblig; /* the later roots' domains of loop variables an earlier root has (free_range) */
  bool bounded;
  int depth;         /* recursion depth of the walkers */
  int loop_depth;    /* loops being unrolled around the current node */
  uint64_t nest_left; /* body iterations left in the current outermost nest */
  char why[160];
};

static bool gfail(GraphEnc *g, const char *fmt, ...) {
  if (!g->why[0]) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->why, sizeof g->why, fmt, ap);
    va_end(ap);
  }
  g->e->failed = true;
  return false;
}

static bool ast_list_push(GraphEnc *g, AstList *l, Z3_ast a) {
  if (!vs_grow((void **)&l->v, &l->cap, l->n + 1, sizeof *l->v)) return gfail(g, "out of memory");
  l->v[l->n++] = a;
  return true;
}

/* A symbol: prefix, the name with characters outside [A-Za-z0-9_] replaced, and the node id (a '.'
 * never occurs in a variable's symbol, encode.c, so these never clash with one). */
static Z3_symbol symbol(GraphEnc *g, const char *prefix, const char *name, unsigned id) {
  char buf[96];
  size_t k = (size_t)snprintf(buf, sizeof buf, "%s.", prefix);
  for (const char *c = name ? name : ""; *c && k + 16 < sizeof buf; c++) {
    bool ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_';
    buf[k++] = ok ? *c : '_';
  }
  snprintf(buf + k, sizeof buf - k, ".%u", id);
  return Z3_mk_string_symbol(g->e->z, buf);
}

static Z3_ast mk_const(GraphEnc *g, Z3_symbol sym, Z3_sort sort) {
  if (g->e->failed || !sym || !sort) return NULL;
  return enc_hold(g->e, Z3_mk_const(g->e->z, sym, sort));
}

static Z3_ast bv64(GraphEnc *g, uint64_t v) { return enc_bv(g->e, v, 64); }

/* 0 <= i < n, signed (indices are signed; sizes are below 2^62). */
static Z3_ast in_bounds(GraphEnc *g, Z3_ast i, Z3_ast n) {
  Enc *e = g->e;
  return enc_and(e, enc_ap2(e, Z3_mk_bvsle, bv64(g, 0), i), enc_ap2(e, Z3_mk_bvslt, i, n));
}

static Z3_ast implies(Enc *e, Z3_ast a, Z3_ast b) { return enc_or(e, enc_not(e, a), b); }

static size_t buffer_index(const GraphEnc *g, const Node *b) {
  for (size_t i = 0; i < g->nbuf; i++)
    if (g->bufs[i] == b) return i;
  return SIZE_MAX;
}

/* ---- frames ---- */

static uint64_t frame_key(const GraphEnc *g, Z3_ast const *arr, const Bind *bind, size_t nbind, Z3_ast act) {
  uint64_t h = mix64(UINT64_C(0x9e3779b97f4a7c15) ^ (uint64_t)(uintptr_t)act);
  for (size_t i = 0; i < g->nstate; i++) h = mix64(h ^ (uint64_t)(uintptr_t)arr[i]);
  for (size_t i = 0; i < nbind; i++)
    h = mix64(h ^ (uint64_t)(uintptr_t)bind[i].r ^ mix64((uint64_t)(uintptr_t)bind[i].v));
  return h ? h : 1;
}

static bool frame_is(const GraphEnc *g, const Frame *f, Z3_ast const *arr, const Bind *bind, size_t nbind,
                     Z3_ast act) {
  if (f->nbind != nbind || f->act != act) return false;
  for (size_t i = 0; i < g->nstate; i++)
    if (f->arr[i] != arr[i]) return false;
  for (size_t i = 0; i < nbind; i++)
    if (f->bind[i].r != bind[i].r || f->bind[i].v != bind[i].v) return false;
  return true;
}

/* The frame with state arr, bindings bind (copied) and activity act, made if new. SIZE_MAX on
 * failure. */
static size_t frame_intern(GraphEnc *g, Z3_ast const *arr, const Bind *bind, size_t nbind, Z3_ast act) {
  if (g->e->failed || !act) return SIZE_MAX;
  for (size_t i = 0; i < g->nstate; i++)
    if (!arr[i]) {
      g->e->failed = true;
      return SIZE_MAX;
    }
  uint64_t key = frame_key(g, arr, bind, nbind, act), head;
  bool known = u64map_get(&g->fmap, key, &head);
  for (size_t f = known ? (size_t)head : SIZE_MAX; f != SIZE_MAX; f = g->fr[f].next)
    if (frame_is(g, &g->fr[f], arr, bind, nbind, act)) return f;
  /* Memo keys hold a frame number in 32 bits. */
  if (g->nfr >= UINT32_MAX - 1 || !vs_grow((void **)&g->fr, &g->frcap, g->nfr + 1, sizeof *g->fr)) {
    gfail(g, "out of memory");
    return SIZE_MAX;
  }
  Frame *f = &g->fr[g->nfr];
  memset(f, 0, sizeof *f);
  f->arr = malloc((g->nstate ? g->nstate : 1) * sizeof *f->arr);
  f->bind = malloc((nbind ? nbind : 1) * sizeof *f->bind);
  if (!f->arr || !f->bind || !u64map_put(&g->fmap, key, g->nfr)) {
    free(f->arr);
    free(f->bind);
    gfail(g, "out of memory");
    return SIZE_MAX;
  }
  if (g->nstate) memcpy(f->arr, arr, g->nstate * sizeof *arr);
  if (nbind) memcpy(f->bind, bind, nbind * sizeof *bind);
  f->nbind = nbind;
  f->act = act;
  f->key = key;
  f->next = known ? (size_t)head : SIZE_MAX;
  return g->nfr++;
}

/* Frame f's bindings and activity with the state arr. */
static size_t frame_with_state(GraphEnc *g, size_t f, Z3_ast const *arr) {
  if (f == SIZE_MAX) return SIZE_MAX;
  return frame_intern(g, arr, g->fr[f].bind, g->fr[f].nbind, g->fr[f].act);
}

/* Frame f with range r bound to v (an inner loop of r's own shadows an outer one), in an iteration
 * that runs where act does. */
static size_t frame_with_bind(GraphEnc *g, size_t f, const Node *r, Z3_ast v, Z3_ast act) {
  if (f == SIZE_MAX) return SIZE_MAX;
  const Frame *src = &g->fr[f];
  Bind *b = malloc((src->nbind + 1) * sizeof *b);
  if (!b) {
    gfail(g, "out of memory");
    return SIZE_MAX;
  }
  size_t n = 0;
  bool placed = false;
  for (size_t i = 0; i < src->nbind; i++) {
    if (!placed && src->bind[i].r->id >= r->id) {
      b[n++] = (Bind){r, v};
      placed = true;
      if (src->bind[i].r == r) continue;
    }
    b[n++] = src->bind[i];
  }
  if (!placed) b[n++] = (Bind){r, v};
  size_t out = frame_intern(g, src->arr, b, n, act);
  free(b);
  return out;
}

static Z3_ast frame_binding(const GraphEnc *g, size_t f, const Node *r) {
  const Frame *fr = &g->fr[f];
  for (size_t i = 0; i < fr->nbind; i++)
    if (fr->bind[i].r == r) return fr->bind[i].v;
  return NULL;
}

/* A copy of frame f's state (malloc'd; the caller frees it), NULL when out of memory. */
static Z3_ast *state_copy(GraphEnc *g, size_t f) {
  Z3_ast *a = malloc((g->nstate ? g->nstate : 1) * sizeof *a);
  if (!a) {
    gfail(g, "out of memory");
    return NULL;
  }
  if (g->nstate) memcpy(a, g->fr[f].arr, g->nstate * sizeof *a);
  return a;
}

/* ---- memo ---- */

static uint64_t memo_key(const Node *n, size_t f) { return ((uint64_t)n->id << 32 | (uint64_t)f) + 1; }

static bool memo_get(const GraphEnc *g, const Node *n, size_t f, Memo *out) {
  uint64_t i;
  if (!u64map_get(&g->mmap, memo_key(n, f), &i)) return false;
  *out = g->memo[i];
  return true;
}

static bool memo_put(GraphEnc *g, const Node *n, size_t f, SmtTerm t, size_t fout) {
  if (!vs_grow((void **)&g->memo, &g->mcap, g->nmemo + 1, sizeof *g->memo) ||
      !u64map_put(&g->mmap, memo_key(n, f), g->nmemo))
    return gfail(g, "out of memory");
  g->memo[g->nmemo++] = (Memo){t, fout};
  return true;
}

/* ---- the walkers ---- */

static bool gval(GraphEnc *g, Node *n, size_t f, SmtTerm *out);
static bool geff(GraphEnc *g, Node *n, size_t f, Z3_ast *def, size_t *fout);

/* Runs the effects n->args[1..) in order from frame f: the definedness of them all and the frame left. */
static bool run_deps(GraphEnc *g, Node *n, size_t f, Z3_ast *def, size_t *fout) {
  Z3_ast d = g->e->s->t_true;
  for (int i = 1; i < n->nargs; i++) {
    Z3_ast di;
    if (!geff(g, n->args[i], f, &di, &f)) return false;
    d = enc_and(g->e, d, di);
  }
  *def = d;
  *fout = f;
  return !g->e->failed;
}

typedef struct {
  size_t b;    /* buffer */
  size_t f;    /* the frame the access happens in */
  Z3_ast def;  /* the pointer's effects (after) are defined */
  SmtTerm idx; /* the index, evaluated in f */
} Ptr;

/* index(B, I) with B a buffer or `after(B', D...)`: D runs first (an outer after's effects before an
 * inner one's), then I is evaluated and the access happens in the state D leaves. */
static bool gptr(GraphEnc *g, Node *p, size_t f, Ptr *out) {
  if (p->op != OP_INDEX) return gfail(g, "a load or store needs a pointer index(B, I)");
  Enc *e = g->e;
  Node *bn = p->args[0];
  Z3_ast def = e->s->t_true;
  while (bn->op == OP_AFTER) {
    Z3_ast d;
    if (!run_deps(g, bn, f, &d, &f)) return false;
    def = enc_and(e, def, d);
    bn = bn->args[0];
  }
  size_t b = bn->op == OP_BUFFER ? buffer_index(g, bn) : SIZE_MAX;
  if (b == SIZE_MAX) return gfail(g, "a pointer into a buffer that is not under the query's roots");
  SmtTerm idx;
  if (!gval(g, p->args[1], f, &idx) || !ast_list_push(g, &g->access[b], idx.val)) return false;
  *out = (Ptr){b, f, def, idx};
  return true;
}

/* load: 0 of the dtype at a masked pointer, else the element; UB if the index is, or if it is an
 * integer outside [0, N). */
static bool enc_load(GraphEnc *g, Node *n, size_t f, SmtTerm *out) {
  Enc *e = g->e;
  Ptr p;
  if (!gptr(g, n->args[0], f, &p)) return false;
  Z3_ast inv = enc_inv(e, p.idx);
  Z3_ast elem = enc_ap2(e, Z3_mk_select, g->fr[p.f].arr[p.b], p.idx.val);
  Z3_ast val = enc_ite(e, inv, enc_const(e, (DType)n->dtype, 0), elem);
  Z3_ast def = enc_and(e, enc_and(e, p.def, p.idx.def), enc_or(e, inv, in_bounds(g, p.idx.val, g->size[p.b])));
  *out = (SmtTerm){val, def, NULL};
  return !e->failed;
}

/* store: S unchanged if the index or the value is INVALID, else the element set; UB if either is UB,
 * or if the index is an integer outside [0, N): also where the value is INVALID: the doc's UB column
 * says so without exception (only a masked pointer points to nothing). */
static bool enc_store(GraphEnc *g, Node *n, size_t f, Z3_ast *def, size_t *fout) {
  Enc *e = g->e;
  Ptr p;
  SmtTerm v;
  if (!gptr(g, n->args[0], f, &p) || !gval(g, n->args[1], p.f, &v)) return false;
  Z3_ast skip = enc_or(e, enc_inv(e, p.idx), enc_inv(e, v));
  Z3_ast ok = enc_or(e, enc_inv(e, p.idx), in_bounds(g, p.idx.val, g->size[p.b]));
  *def = enc_and(e, enc_and(e, p.def, enc_and(e, p.idx.def, v.def)), ok);
  Z3_ast *arr = state_copy(g, p.f);
  if (!arr) return false;
  Z3_ast old = arr[p.b];
  arr[p.b] = enc_ite(e, skip, old, enc_ap3(e, Z3_mk_store, old, p.idx.val, v.val));
  *fout = frame_with_state(g, p.f, arr);
  free(arr);
  return *fout != SIZE_MAX && !e->failed;
}

/* Whether r is free in some root (only those may become inputs). */
static bool free_in_roots(const GraphEnc *g, const Node *r) {
  for (size_t i = 0; i < g->nrfree; i++)
    if (g->rfree[i] == r) return true;
  return false;
}

/* The definedness of a range's end: E defined, and not INVALID (a loop bound is no index into a
 * buffer; treating INVALID as UB is our reading of the doc, which does not say). */
static Z3_ast end_def(Enc *e, SmtTerm t) { return enc_and(e, t.def, enc_not(e, enc_inv(e, t))); }

/* Room for one more free range in the parallel arrays. */
static bool range_room(GraphEnc *g) {
  if (g->nrange < g->rcap) return true;
  size_t ncap = g->rcap ? 2 * g->rcap : 8;
  const Node **n = realloc(g->rnode, ncap * sizeof *n);
  if (!n) return false;
  g->rnode = n;
  Z3_ast **lists[3] = {&g->rconst, &g->rdef, &g->rdom};
  for (int i = 0; i < 3; i++) {
    Z3_ast *a = realloc(*lists[i], ncap * sizeof *a);
    if (!a) return false;
    *lists[i] = a;
  }
  g->rcap = ncap;
  return true;
}

/* A free range: one 64-bit constant per loop variable, its domain `def(E) => 0 <= r < E` (E in frame 0)
 * conjoined into e->ranges, its definedness def(E). A loop variable is its name: where the simplifier
 * rewrote a free range's end (range(min(x, 4), r) into range(4, r) for x >= 7), source and target hold
 * two RANGE nodes of one name, one loop variable of the loop around them both. The first registered
 * (genc_new registers the roots' free ranges root by root: the source's first) gives the domain the
 * query assumes; a later one of the same name shares its constant, and its own domain becomes an
 * obligation (genc_obligations): the target must be admissible wherever the source is. */
static bool free_range(GraphEnc *g, Node *r, SmtTerm *out) {
  Enc *e = g->e;
  size_t same_name = SIZE_MAX;
  for (size_t i = 0; i < g->nrange; i++) {
    if (g->rnode[i] == r) {
      *out = (SmtTerm){g->rconst[i], g->rdef[i], NULL};
      return true;
    }
    if (same_name == SIZE_MAX && g->rnode[i]->aux.name == r->aux.name) same_name = i;
  }
  if (!free_in_roots(g, r))
    return gfail(g, "the range '%s' is used where it is neither bound nor free in the expression (an end "
                    "of a free range, or an earlier range of the same list, names it)", r->aux.name);
  SmtTerm te;
  if (!gval(g, r->args[0], 0, &te)) return false;
  Z3_ast c = same_name != SIZE_MAX ? g->rconst[same_name]
                                   : mk_const(g, symbol(g, "range", r->aux.name, r->id), e->s->sort[DT_INDEX]);
  Z3_ast d = end_def(e, te);
  Z3_ast dom = implies(e, d, in_bounds(g, c, te.val));
  if (e->failed) return false;
  if (!range_room(g)) return gfail(g, "out of memory");
  g->rnode[g->nrange] = r;
  g->rconst[g->nrange] = c;
  g->rdef[g->nrange] = d;
  g->rdom[g->nrange] = dom;
  g->nrange++;
  if (same_name == SIZE_MAX) e->ranges = enc_and(e, e->ranges, dom);
  else g->oblig = enc_and(e, g->oblig, enc_and(e, d, in_bounds(g, c, te.val)));
  *out = (SmtTerm){c, d, NULL};
  return !e->failed;
}

static bool enc_range(GraphEnc *g, Node *r, size_t f, SmtTerm *out) {
  /* A bound range's end was checked when its loop started (the loop's definedness has it). */
  Z3_ast v = frame_binding(g, f, r);
  if (v) {
    *out = (SmtTerm){v, g->e->s->t_true, NULL};
    return true;
  }
  return free_range(g, r, out);
}

/* ---- loops ---- */

typedef struct {
  Node *n;     /* REDUCE or END */
  Node *step;  /* REDUCE: the node `acc OP x` at x's dtype, for enc_node_terms */
  SmtTerm acc; /* REDUCE: the accumulator */
  size_t cur;  /* END: the loop's frame (its bindings) with the current state */
  Z3_ast def;  /* the ends of the loops that started are defined */
} Loop;

/* A cut loop: the iterations from `from` on are not encoded. The encoding is exact on the inputs where
 * they do not run, so that is assumed (genc_cuts): a model of a query is then a real counterexample,
 * and an unsatisfiable query proves nothing (bounded). The assumption only binds where the loop starts
 * (frame f's activity: the iterations around it run) and its end is defined. */
static void cut(GraphEnc *g, size_t f, SmtTerm te, uint64_t from) {
  Enc *e = g->e;
  Z3_ast started = g->fr[f].act;
  Z3_ast beyond = enc_ap2(e, Z3_mk_bvslt, bv64(g, from), te.val);
  g->cuts = enc_and(e, g->cuts, implies(e, enc_and(e, started, end_def(e, te)), enc_not(e, beyond)));
  g->bounded = true;
}

/* E's value, when it is a constant in this frame (an end that depends on bound ranges is one there:
 * a triangular loop). */
static bool end_constant(GraphEnc *g, SmtTerm te, i128 *k) {
  Enc *e = g->e;
  if (te.inv || e->failed) return false;
  Z3_ast v = Z3_is_numeral_ast(e->z, te.val) ? te.val : enc_ap1(e, Z3_simplify, te.val);
  uint64_t u;
  if (!v || !Z3_is_numeral_ast(e->z, v) || !Z3_get_numeral_uint64(e->z, v, &u)) return false;
  *k = im_value(DT_INDEX, u);
  return true;
}

/* The iterations to unroll for a loop with end E: vmax(E) (node bounds), or E itself when it is a
 * constant, clamped to [0, GENC_MAX_TRIPS]; *more when the bound exceeds that. *known: E is that
 * constant, so every iteration unrolled runs (no `j < E` condition needed: an ite over arrays per
 * iteration is what slows the solver down on long loops). */
static uint64_t trips(GraphEnc *g, const Node *end, SmtTerm te, bool *more, bool *known) {
  i128 vm = vs_vmax(end), k;
  *known = end_constant(g, te, &k);
  if (*known) vm = k; /* exact, whatever the bounds say */
  uint64_t t = vm <= 0 ? 0 : vm > GENC_MAX_TRIPS ? GENC_MAX_TRIPS : (uint64_t)vm;
  *more = vm > (i128)t;
  return t;
}

/* One iteration of the body in frame f (the loop variables bound), under `act` (it runs). */
static bool loop_body(GraphEnc *g, Loop *L, size_t f, Z3_ast act) {
  Enc *e = g->e;
  if (L->n->op == OP_REDUCE) {
    SmtTerm x, args[2], s;
    if (!gval(g, L->n->args[0], f, &x)) return false;
    args[0] = L->acc;
    args[1] = x;
    if (!enc_node_terms(e, L->step, args, &s)) return false;
    L->acc.val = enc_ite(e, act, s.val, L->acc.val);
    L->acc.def = enc_ite(e, act, s.def, L->acc.def);
    Z3_ast inv = enc_ite(e, act, enc_inv(e, s), enc_inv(e, L->acc));
    L->acc.inv = inv == e->s->t_false ? NULL : inv;
    return !e->failed;
  }
  /* END: the body runs in the current state with this iteration's bindings. */
  size_t bf = frame_with_state(g, f, g->fr[L->cur].arr), fo;
  Z3_ast d;
  if (bf == SIZE_MAX || !geff(g, L->n->args[0], bf, &d, &fo)) return false;
  L->def = enc_and(e, L->def, implies(e, act, d));
  Z3_ast *arr = state_copy(g, L->cur);
  if (!arr) return false;
  for (size_t b = 0; b < g->nstate; b++) arr[b] = enc_ite(e, act, g->fr[fo].arr[b], arr[b]);
  L->cur = frame_with_state(g, L->cur, arr);
  free(arr);
  return L->cur != SIZE_MAX && !e->failed;
}

/* Loop `level` of L's nest (0: outermost) and everything inside, in frame f (the outer loop variables
 * bound), under `act` (the enclosing iterations run). */
static bool loop_nest(GraphEnc *g, Loop *L, int level, size_t f, Z3_ast act) {
  Enc *e = g->e;
  int k = L->n->nargs - 1;
  if (level == k) {
    if (k > 0 && g->nest_left) g->nest_left--;
    return loop_body(g, L, f, act);
  }
  Node *r = L->n->args[level + 1];
  SmtTerm te;
  if (!gval(g, r->args[0], f, &te)) return false;
  /* The end is evaluated when the loop starts, i.e. where the enclosing iterations run. */
  L->def = enc_and(e, L->def, implies(e, act, end_def(e, te)));
  bool more, known;
  uint64_t t = trips(g, r->args[0], te, &more, &known);
  for (uint64_t j = 0; j < t; j++) {
    if (g->nest_left == 0) {
      cut(g, f, te, j);
      return !e->failed;
    }
    Z3_ast vj = bv64(g, j);
    Z3_ast runs = known ? e->s->t_true : enc_ap2(e, Z3_mk_bvslt, vj, te.val);
    size_t fj = frame_with_bind(g, f, r, vj, enc_and(e, g->fr[f].act, runs));
    if (fj == SIZE_MAX || !loop_nest(g, L, level + 1, fj, enc_and(e, act, runs))) return false;
  }
  if (more) cut(g, f, te, t);
  return !e->failed;
}

/* A nest whose body can have no effect: an end of noop, or a nest with a loop that can run no
 * iteration (vmax(end) <= 0: its domain is empty wherever it is defined). Then no body runs or changes
 * anything, whatever the trip counts of the other loops, and only the ends' definedness is left:
 * E1 is evaluated, E2 where loop 1 runs an iteration, and so on. That needs no unrolling, so a loop of
 * any length is exact here; it applies when no end uses a loop of the nest (whose value would differ
 * per iteration). */
static bool loop_trivial(GraphEnc *g, Loop *L, size_t f, bool *done) {
  Enc *e = g->e;
  Node *n = L->n;
  int k = n->nargs - 1;
  bool empty = false;
  for (int i = 1; i <= k; i++) empty |= vs_vmax(n->args[i]->args[0]) <= 0;
  *done = false;
  if (!empty && !(n->op == OP_END && n->args[0]->op == OP_NOOP)) return true;
  for (int i = 2; i <= k; i++)
    for (int j = 1; j < i; j++)
      if (graph_contains(n->args[i]->args[0], n->args[j])) return true;
  Z3_ast def = e->s->t_true, runs = e->s->t_true;
  for (int i = 1; i <= k; i++) {
    SmtTerm te;
    if (!gval(g, n->args[i]->args[0], f, &te)) return false;
    def = enc_and(e, def, implies(e, runs, end_def(e, te)));
    runs = enc_and(e, runs, enc_ap2(e, Z3_mk_bvslt, bv64(g, 0), te.val));
  }
  L->def = enc_and(e, L->def, def);
  *done = true;
  return !e->failed;
}

/* Runs L's nest from frame f: the outermost loop of a nest starts the iteration budget. */
static bool run_loop(GraphEnc *g, Loop *L, size_t f) {
  bool done;
  if (!loop_trivial(g, L, f, &done)) return false;
  if (done) return true;
  if (g->loop_depth == 0) g->nest_left = GENC_MAX_NEST;
  g->loop_depth++;
  bool ok = loop_nest(g, L, 0, f, g->e->s->t_true);
  g->loop_depth--;
  return ok;
}

/* reduce(OP, X, R...): acc = ID; for each iteration that runs, acc = acc OP X. */
static bool enc_reduce(GraphEnc *g, Node *n, size_t f, SmtTerm *out) {
  Enc *e = g->e;
  Node *x = n->args[0];
  DType dt = (DType)n->dtype;
  /* The step is the value op `acc OP x`: a node of that op with x for both operands gives
   * enc_node_terms the dtypes (and x's INVALID flag); equal operands keep the accumulator left. */
  Node *step = calloc(1, sizeof *step + 2 * sizeof step->args[0]);
  if (!step) return gfail(g, "out of memory");
  step->op = (uint8_t)vs_reduce_op(n);
  step->dtype = (uint8_t)dt;
  step->nargs = 2;
  step->flags = x->flags & NF_HAS_INVALID;
  step->lanes = 1;
  step->kind = NK_VALUE;
  step->args[0] = step->args[1] = x;
  Loop L = {n, step, {enc_const(e, dt, vs_reduce_identity(vs_reduce_op(n), dt)), e->s->t_true, NULL}, 0,
            e->s->t_true};
  bool ok = run_loop(g, &L, f);
  free(step);
  if (!ok) return false;
  *out = (SmtTerm){L.acc.val, enc_and(e, L.def, L.acc.def), L.acc.inv};
  return !e->failed;
}

/* end(F, R...): S = F(S) for each iteration that runs; the state threads through the iterations. */
static bool enc_end(GraphEnc *g, Node *n, size_t f, Z3_ast *def, size_t *fout) {
  Loop L = {n, NULL, {NULL, NULL, NULL}, f, g->e->s->t_true};
  if (!run_loop(g, &L, f)) return false;
  *def = L.def;
  *fout = L.cur;
  return !g->e->failed;
}

/* ---- abstract effects ---- */

static EffFamily *effect_family(GraphEnc *g, const Node *n) {
  Enc *e = g->e;
  for (size_t i = 0; i < g->nfam; i++)
    if (g->fam[i].nranges == n->nargs && strcmp(g->fam[i].name, n->aux.name) == 0) return &g->fam[i];
  if (!vs_grow((void **)&g->fam, &g->famcap, g->nfam + 1, sizeof *g->fam)) {
    gfail(g, "out of memory");
    return NULL;
  }
  EffFamily *fam = &g->fam[g->nfam];
  *fam = (EffFamily){n->aux.name, n->nargs, calloc(g->nstate ? g->nstate : 1, sizeof *fam->upd), NULL};
  if (!fam->upd) {
    gfail(g, "out of memory");
    return NULL;
  }
  g->nfam++;
  size_t nd = g->nstate + (size_t)n->nargs;
  Z3_sort *dom = malloc((nd ? nd : 1) * sizeof *dom);
  if (!dom) {
    gfail(g, "out of memory");
    return NULL;
  }
  for (size_t b = 0; b < g->nstate; b++) dom[b] = g->asort[b];
  for (int i = 0; i < n->nargs; i++) dom[g->nstate + (size_t)i] = e->s->sort[DT_INDEX];
  for (size_t b = 0; b <= g->nstate && !e->failed; b++) {
    /* One function per state array (its new contents), and the last for the definedness. */
    bool isdef = b == g->nstate;
    char pre[48];
    if (isdef) snprintf(pre, sizeof pre, "effect%d.def", n->nargs);
    else snprintf(pre, sizeof pre, "effect%d.b%zu", n->nargs, b);
    Z3_func_decl d = Z3_mk_func_decl(e->z, symbol(g, pre, n->aux.name, 0), (unsigned)nd, dom,
                                     isdef ? Z3_mk_bool_sort(e->z) : g->asort[b]);
    if (!d || !enc_hold(e, Z3_func_decl_to_ast(e->z, d))) break;
    if (isdef) fam->ud = d;
    else fam->upd[b] = d;
  }
  free(dom);
  return e->failed ? NULL : fam;
}

/* The uninterpreted new array of buffer b, masked to [0, N): elements outside keep the old array's. */
static Z3_ast masked(GraphEnc *g, size_t b, Z3_ast fresh, Z3_ast old) {
  Enc *e = g->e;
  Z3_ast k = g->lam_k;
  Z3_ast body = enc_ite(e, in_bounds(g, k, g->size[b]), enc_ap2(e, Z3_mk_select, fresh, k),
                        enc_ap2(e, Z3_mk_select, old, k));
  if (e->failed || !body) return NULL;
  Z3_app kv = Z3_to_app(e->z, k);
  return enc_hold(e, Z3_mk_lambda_const(e->z, 1, &kv, body));
}

/* e(R...): per buffer, new array = UF_b(arrays, range values); defined = the ranges are and UD(same). */
static bool enc_effect_var(GraphEnc *g, Node *n, size_t f, Z3_ast *def, size_t *fout) {
  Enc *e = g->e;
  EffFamily *fam = effect_family(g, n);
  if (!fam) return false;
  size_t na = g->nstate + (size_t)n->nargs;
  Z3_ast *args = malloc((na ? na : 1) * sizeof *args);
  if (!args) return gfail(g, "out of memory");
  Z3_ast d = e->s->t_true;
  for (int i = 0; i < n->nargs && !e->failed; i++) {
    SmtTerm t;
    if (!gval(g, n->args[i], f, &t)) break;
    args[g->nstate + (size_t)i] = t.val;
    d = enc_and(e, d, t.def);
  }
  Z3_ast *arr = e->failed ? NULL : state_copy(g, f);
  if (arr) {
    for (size_t b = 0; b < g->nstate; b++) args[b] = arr[b];
    d = enc_and(e, d, enc_hold(e, Z3_mk_app(e->z, fam->ud, (unsigned)na, args)));
    for (size_t b = 0; b < g->nstate && !e->failed; b++) {
      Z3_ast fresh = enc_hold(e, Z3_mk_app(e->z, fam->upd[b], (unsigned)na, args));
      /* The rest of memory has no bounds: all of it is memory. */
      arr[b] = b < g->nbuf ? masked(g, b, fresh, args[b]) : fresh;
    }
    *def = d;
    *fout = frame_with_state(g, f, arr);
  }
  free(arr);
  free(args);
  return !e->failed && arr != NULL;
}

/* x(R...): an abstract value, UF(arrays, range values) of x's dtype, and an uninterpreted definedness;
 * one pair of functions per name, dtype and arity (the same name is the same function). */
static bool enc_opaque(GraphEnc *g, Node *n, size_t f, SmtTerm *out) {
  Enc *e = g->e;
  size_t na = g->nstate + (size_t)n->nargs;
  Z3_sort *dom = malloc((na ? na : 1) * sizeof *dom);
  Z3_ast *args = malloc((na ? na : 1) * sizeof *args);
  Z3_ast *arr = dom && args ? state_copy(g, f) : NULL;
  Z3_ast d = e->s->t_true;
  bool ok = arr != NULL;
  for (size_t b = 0; ok && b < g->nstate; b++) {
    dom[b] = g->asort[b];
    args[b] = arr[b];
  }
  for (int i = 0; ok && i < n->nargs; i++) {
    SmtTerm t;
    ok = gval(g, n->args[i], f, &t);
    if (!ok) break;
    dom[g->nstate + (size_t)i] = e->s->sort[DT_INDEX];
    args[g->nstate + (size_t)i] = t.val;
    d = enc_and(e, d, t.def);
  }
  if (ok) {
    char pre[64];
    snprintf(pre, sizeof pre, "value%d.%s", n->nargs, dt_name((DType)n->dtype));
    /* Each declaration is held before the next Z3 call: Z3 keeps only its latest result alive. */
    Z3_func_decl fv = Z3_mk_func_decl(e->z, symbol(g, pre, n->aux.name, 0), (unsigned)na, dom, e->s->sort[n->dtype]);
    ok = fv && enc_hold(e, Z3_func_decl_to_ast(e->z, fv));
    snprintf(pre, sizeof pre, "value%d.%s.def", n->nargs, dt_name((DType)n->dtype));
    Z3_func_decl fd = ok ? Z3_mk_func_decl(e->z, symbol(g, pre, n->aux.name, 0), (unsigned)na, dom, Z3_mk_bool_sort(e->z)) : NULL;
    ok = fd && enc_hold(e, Z3_func_decl_to_ast(e->z, fd));
    if (ok) {
      out->val = enc_hold(e, Z3_mk_app(e->z, fv, (unsigned)na, args));
      out->def = enc_and(e, d, enc_hold(e, Z3_mk_app(e->z, fd, (unsigned)na, args)));
      out->inv = NULL;
    }
  }
  free(arr);
  free(dom);
  free(args);
  if (!ok && !e->failed) return gfail(g, "out of memory");
  return ok && !e->failed;
}

/* ---- values and effects ---- */

/* A value op (outside the layer) with operands in the layer: its operands in frame f, then the op as
 * the scalar encoding has it. */
static bool enc_value_op(GraphEnc *g, Node *n, size_t f, SmtTerm *out) {
  if (n->nargs > 3 || n->lanes > 1) return gfail(g, "vectors are not supported in memory and loop expressions");
  SmtTerm a[3] = {{NULL, NULL, NULL}, {NULL, NULL, NULL}, {NULL, NULL, NULL}};
  for (int i = 0; i < n->nargs; i++)
    if (!gval(g, n->args[i], f, &a[i])) return false;
  return enc_node_terms(g->e, n, a, out);
}

static bool enter(GraphEnc *g) {
  if (g->e->failed) return false;
  if (g->depth >= GENC_MAX_DEPTH) return gfail(g, "memory and loop operations nested too deeply");
  g->depth++;
  return true;
}

static bool gval(GraphEnc *g, Node *n, size_t f, SmtTerm *out) {
  if (g->e->failed || f == SIZE_MAX) return false;
  if (!(n->flags & NF_HAS_GRAPH)) return enc_expr(g->e, n, out);
  if (n->kind != NK_VALUE)
    return gfail(g, "a %s where a value is expected", n->kind == NK_EFFECT ? "effect" : "buffer or pointer");
  Memo m;
  if (memo_get(g, n, f, &m)) {
    *out = m.t;
    return true;
  }
  if (!enter(g)) return false;
  bool ok;
  switch ((Op)n->op) {
  case OP_LOAD: ok = enc_load(g, n, f, out); break;
  case OP_RANGE: ok = enc_range(g, n, f, out); break;
  case OP_REDUCE: ok = enc_reduce(g, n, f, out); break;
  case OP_OPAQUE: ok = enc_opaque(g, n, f, out); break;
  case OP_AFTER: {
      Z3_ast d;
      size_t f2;
      ok = run_deps(g, n, f, &d, &f2) && gval(g, n->args[0], f2, out);
      if (ok) out->def = enc_and(g->e, d, out->def);
      break;
    }
  default: ok = enc_value_op(g, n, f, out); break;
  }
  g->depth--;
  return ok && !g->e->failed && memo_put(g, n, f, *out, f);
}

static bool geff(GraphEnc *g, Node *n, size_t f, Z3_ast *def, size_t *fout) {
  if (g->e->failed || f == SIZE_MAX) return false;
  if (n->kind != NK_EFFECT) return gfail(g, "a value, buffer or pointer where an effect is expected");
  Memo m;
  if (memo_get(g, n, f, &m)) {
    *def = m.t.def;
    *fout = m.fout;
    return true;
  }
  if (!enter(g)) return false;
  bool ok;
  switch ((Op)n->op) {
  case OP_NOOP:
    *def = g->e->s->t_true;
    *fout = f;
    ok = true;
    break;
  case OP_STORE: ok = enc_store(g, n, f, def, fout); break;
  case OP_END: ok = enc_end(g, n, f, def, fout); break;
  case OP_EFFECT: ok = enc_effect_var(g, n, f, def, fout); break;
  case OP_AFTER: {
      Z3_ast d1, d2;
      size_t f2;
      ok = run_deps(g, n, f, &d1, &f2) && geff(g, n->args[0], f2, &d2, fout);
      if (ok) *def = enc_and(g->e, d1, d2);
      break;
    }
  default: ok = gfail(g, "not an effect: %s", op_name((Op)n->op)); break;
  }
  g->depth--;
  if (!ok || g->e->failed || *fout == SIZE_MAX) return false;
  return memo_put(g, n, f, (SmtTerm){NULL, *def, NULL}, *fout);
}

/* ---- the GraphEnc ---- */

/* Merges the nodes of list (count n, by id) into the sorted set *set. */
static bool merge_by_id(Node ***set, size_t *nset, Node **list, size_t n) {
  Node **out = malloc((*nset + n + 1) * sizeof *out);
  if (!out) return false;
  size_t i = 0, j = 0, k = 0;
  while (i < *nset || j < n) {
    if (j == n || (i < *nset && (*set)[i]->id < list[j]->id)) out[k++] = (*set)[i++];
    else if (i == *nset || list[j]->id < (*set)[i]->id) out[k++] = list[j++];
    else {
      out[k++] = (*set)[i++];
      j++;
    }
  }
  free(*set);
  *set = out;
  *nset = k;
  return true;
}

/* Whether an abstract effect occurs under the roots. */
static bool has_effect_vars(Node *const *roots, size_t nroots) {
  Node **order;
  size_t n = vs_postorder_many(roots, nroots, &order);
  bool found = false;
  /* An abstract value reads the whole state, so it needs the rest of memory that abstract effects change. */
  for (size_t i = 0; i < n && !found; i++) found = order[i]->op == OP_EFFECT || order[i]->op == OP_OPAQUE;
  free(order);
  return found;
}

/* The buffers and the free ranges of the roots. */
static bool collect(GraphEnc *g, Node *const *roots, size_t nroots) {
  Node **bufs = NULL;
  size_t nbufs = 0;
  bool ok = true;
  for (size_t r = 0; ok && r < nroots; r++) {
    if (!roots[r] || !(roots[r]->flags & NF_HAS_GRAPH)) continue;
    Node **list;
    size_t n = graph_buffers(roots[r], &list);
    ok = n != SIZE_MAX && merge_by_id(&bufs, &nbufs, list, n);
    free(list);
    if (!ok) break;
    n = graph_free_ranges(roots[r], &list);
    ok = n != SIZE_MAX && merge_by_id(&g->rfree, &g->nrfree, list, n);
    free(list);
  }
  g->bufs = (const Node **)bufs;
  g->nbuf = nbufs;
  g->nstate = nbufs + (ok && has_effect_vars(roots, nroots));
  return ok;
}

/* Buffer b's sort, initial array and size (a numeral for a declared size, else a constant in range). */
static bool setup_buffer(GraphEnc *g, size_t b) {
  Enc *e = g->e;
  const Node *n = g->bufs[b];
  Z3_sort idx = e->s->sort[DT_INDEX];
  g->asort[b] = Z3_mk_array_sort(e->z, idx, e->s->sort[n->dtype]);
  if (!g->asort[b] || !enc_hold(e, Z3_sort_to_ast(e->z, g->asort[b]))) return false;
  g->init[b] = mk_const(g, symbol(g, "buf", n->aux.name, n->id), g->asort[b]);
  if (n->lo == n->hi) {
    g->size[b] = bv64(g, n->lo);
  } else {
    g->size[b] = mk_const(g, symbol(g, "size", n->aux.name, n->id), idx);
    Z3_ast in = enc_and(e, enc_ap2(e, Z3_mk_bvule, bv64(g, n->lo), g->size[b]),
                        enc_ap2(e, Z3_mk_bvule, g->size[b], bv64(g, n->hi)));
    e->ranges = enc_and(e, e->ranges, in);
  }
  return !e->failed;
}

/* The rest of memory: what lies outside the query's buffers, as bytes. Only abstract effects read or
 * change it; without it, an effect on a case with no buffers (or an effect that only touches memory
 * the case does not name) would be indistinguishable from noop, and `e --> noop` would be proved. */
static void setup_rest(GraphEnc *g) {
  Enc *e = g->e;
  size_t b = g->nbuf;
  g->asort[b] = Z3_mk_array_sort(e->z, e->s->sort[DT_INDEX], e->s->sort[DT_U8]);
  if (!g->asort[b] || !enc_hold(e, Z3_sort_to_ast(e->z, g->asort[b]))) return;
  g->init[b] = mk_const(g, Z3_mk_string_symbol(e->z, "memory.rest"), g->asort[b]);
}

GraphEnc *genc_new(Enc *e, Node *const *roots, size_t nroots) {
  GraphEnc *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  g->e = e;
  g->cuts = e->s->t_true;
  g->oblig = e->s->t_true;
  if (!collect(g, roots, nroots)) {
    genc_free(g);
    return NULL;
  }
  size_t nb = g->nstate ? g->nstate : 1;
  g->asort = calloc(nb, sizeof *g->asort);
  g->init = calloc(nb, sizeof *g->init);
  g->size = calloc(nb, sizeof *g->size);
  g->access = calloc(nb, sizeof *g->access);
  if (!g->asort || !g->init || !g->size || !g->access) {
    genc_free(g);
    return NULL;
  }
  for (size_t b = 0; b < g->nbuf; b++)
    if (!setup_buffer(g, b)) break;
  if (g->nstate > g->nbuf) setup_rest(g);
  g->lam_k = mk_const(g, Z3_mk_string_symbol(e->z, "lambda.k"), e->s->sort[DT_INDEX]);
  /* Frame 0: the initial state, nothing bound. A failed setup leaves e->failed for the caller. */
  if (!e->failed && frame_intern(g, g->init, NULL, 0, e->s->t_true) != 0) e->failed = true;
  /* Every free range is an input with its domain, also one that only occurs in a loop body that never
   * runs: an empty domain makes the whole case vacuous wherever the range is used. */
  for (size_t k = 0; k < nroots && !e->failed; k++) { /* root by root: the source's first */
    Node **list = NULL;
    size_t n = roots[k] && (roots[k]->flags & NF_HAS_GRAPH) ? graph_free_ranges(roots[k], &list) : 0;
    if (n == SIZE_MAX) {
      gfail(g, "out of memory");
      break;
    }
    for (size_t i = 0; i < n && !e->failed; i++) {
      SmtTerm t;
      free_range(g, list[i], &t);
    }
    free(list);
  }
  return g;
}

void genc_free(GraphEnc *g) {
  if (!g) return;
  for (size_t i = 0; i < g->nfr; i++) {
    free(g->fr[i].arr);
    free(g->fr[i].bind);
  }
  free(g->fr);
  u64map_free(&g->fmap);
  free(g->memo);
  u64map_free(&g->mmap);
  for (size_t b = 0; g->access && b < g->nbuf; b++) free(g->access[b].v);
  free(g->access);
  free(g->asort);
  free(g->init);
  free(g->size);
  free(g->bufs);
  free(g->rnode);
  free(g->rconst);
  free(g->rdef);
  free(g->rdom);
  free(g->rfree);
  for (size_t i = 0; i < g->nfam; i++) free(g->fam[i].upd);
  free(g->fam);
  free(g);
}

bool genc_value(GraphEnc *g, Node *root, SmtTerm *out) {
  if (!g) return false;
  if (!root || root->kind != NK_VALUE) return gfail(g, "not a value");
  return gval(g, root, 0, out);
}

bool genc_effect(GraphEnc *g, Node *root, Z3_ast *def, Z3_ast *out) {
  if (!g) return false;
  if (!root || root->kind != NK_EFFECT) return gfail(g, "not an effect");
  size_t fo;
  if (!geff(g, root, 0, def, &fo)) return false;
  for (size_t b = 0; b < g->nstate; b++) out[b] = g->fr[fo].arr[b];
  return true;
}

size_t genc_buffers(const GraphEnc *g, const Node *const **bufs) {
  *bufs = g->bufs;
  return g->nbuf;
}

Z3_ast genc_initial_array(const GraphEnc *g, size_t i) { return i < g->nbuf ? g->init[i] : NULL; }
Z3_ast genc_size(const GraphEnc *g, size_t i) { return i < g->nbuf ? g->size[i] : NULL; }

size_t genc_free_ranges(const GraphEnc *g, const Node *const **ranges, const Z3_ast **consts) {
  *ranges = g->rnode;
  *consts = g->rconst;
  return g->nrange;
}

size_t genc_state_arrays(const GraphEnc *g) { return g->nstate; }

bool genc_bounded(const GraphEnc *g) { return g->bounded; }
Z3_ast genc_obligations(const GraphEnc *g) { return g->oblig; }

Z3_ast genc_cuts(const GraphEnc *g) { return g->cuts; }

Z3_ast genc_range_domain(const GraphEnc *g, size_t i) { return i < g->nrange ? g->rdom[i] : NULL; }

size_t genc_accesses(const GraphEnc *g, size_t i, const Z3_ast **idx) {
  if (i >= g->nbuf) {
    *idx = NULL;
    return 0;
  }
  *idx = g->access[i].v;
  return g->access[i].n;
}

bool genc_has_effect_vars(const GraphEnc *g) { return g->nfam > 0; }

const char *genc_error(const GraphEnc *g) { return g->why; }
