#include "analysis/lin.h"

#include <stdlib.h>
#include <string.h>

enum { LIN_MAX_DEPTH = 64 };
static bool coef_ok(i128 a) { return lin_coef_ok(a); }

/* im_mul_ok(m, c, v), with the common factors 1 and -1 (every sum's terms) spared the checked i128
 * product: the same answer and value. */
static inline bool mul_ok(i128 m, i128 c, i128 *v) {
  if (m == 1) {
    *v = c;
    return true;
  }
  if (m == -1) return im_sub_ok(0, c, v);
  return im_mul_ok(m, c, v);
}

/* The header only: terms are read up to n, and a Lin is 1 KiB that the folds initialise by the
 * hundred thousand. */
void lin_init(Lin *l, DType dt) {
  l->dt = dt;
  l->n = 0;
  l->k = 0;
  l->atoms = 0;
  l->terms = 0;
}

i128 lin_gcd(i128 a, i128 b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b) {
    i128 t = im_tmod(a, b);
    a = b;
    b = t;
  }
  return a;
}

bool lin_add(Lin *l, Node *t, i128 a) {
  if (!coef_ok(a)) return false;
  if (a == 0) return true;
  for (int i = 0; i < l->n; i++)
    if (l->t[i].t == t) {
      i128 s;
      if (!im_add_ok(l->t[i].a, a, &s) || !coef_ok(s)) return false;
      l->t[i].a = s;
      if (s == 0) { /* the term cancels: drop it, keep the order of the others */
        memmove(&l->t[i], &l->t[i + 1], (size_t)(l->n - i - 1) * sizeof l->t[0]);
        l->n--;
      }
      return true;
    }
  if (l->n == LIN_MAX_TERMS) return false;
  l->t[l->n++] = (LinTerm){t, a};
  return true;
}

static bool add_const(Lin *l, i128 v) {
  i128 s;
  if (!im_add_ok(l->k, v, &s) || !coef_ok(s)) return false;
  l->k = s;
  return true;
}

bool lin_add_lin(Lin *l, const Lin *src, i128 m) {
  i128 v;
  for (int i = 0; i < src->n; i++)
    if (!mul_ok(m, src->t[i].a, &v) || !lin_add(l, src->t[i].t, v)) return false;
  return mul_ok(m, src->k, &v) && add_const(l, v);
}

static bool walk(Lin *l, const Node *n, i128 m, int depth) {
  i128 v;
  if (!coef_ok(m)) return false;
  if (n->op == OP_CONST) {
    if (vs_const_value(n) != 0) l->atoms++;
    return mul_ok(m, vs_const_value(n), &v) && add_const(l, v);
  }
  if (depth < LIN_MAX_DEPTH) {
    switch (n->op) {
    case OP_ADD: return walk(l, n->args[0], m, depth + 1) && walk(l, n->args[1], m, depth + 1);
    case OP_SUB: return walk(l, n->args[0], m, depth + 1) && walk(l, n->args[1], -m, depth + 1);
    case OP_NEG: return walk(l, n->args[0], -m, depth + 1);
    case OP_MUL:
      for (int i = 0; i < 2; i++)
        if (n->args[i]->op == OP_CONST)
          return mul_ok(m, vs_const_value(n->args[i]), &v) && walk(l, n->args[1 - i], v, depth + 1);
      break;
    default: break;
    }
  }
  l->atoms++;
  l->terms++;
  return lin_add(l, (Node *)n, m);
}

bool lin_of(const Node *n, Lin *out) {
  lin_init(out, (DType)n->dtype);
  if (!dt_is_int((DType)n->dtype)) return false;
  return walk(out, n, 1, 0);
}

/* Copies what a Lin holds: the header and its n terms. */
static void lin_copy(Lin *dst, const Lin *src) {
  dst->dt = src->dt;
  dst->n = src->n;
  dst->k = src->k;
  dst->atoms = src->atoms;
  dst->terms = src->terms;
  memcpy(dst->t, src->t, (size_t)src->n * sizeof src->t[0]);
}

bool lin_of_cached(LinCache *c, const Node *n, Lin *out) {
  if (!c) return lin_of(n, out);
  if (c->node != n) {
    c->ok = lin_of(n, &c->lin);
    c->node = n;
  }
  lin_copy(out, &c->lin);
  return c->ok;
}

bool lin_range(const Lin *l, i128 *lo, i128 *hi) {
  i128 L = l->k, H = l->k;
  for (int i = 0; i < l->n; i++) {
    i128 a = l->t[i].a, tl = vs_vmin(l->t[i].t), th = vs_vmax(l->t[i].t), x, y;
    if (!im_mul_ok(a, tl, &x) || !im_mul_ok(a, th, &y)) return false;
    if (x > y) {
      i128 s = x;
      x = y;
      y = s;
    }
    if (!im_add_ok(L, x, &L) || !im_add_ok(H, y, &H)) return false;
  }
  *lo = L;
  *hi = H;
  return true;
}

/* The coefficient modulo 2^w as a balanced value: in (-2^(w-1), 2^(w-1)]. */
static i128 balanced(DType dt, i128 a) {
  int w = dt_bits(dt);
  uint64_t bits = im_from_value(dt, a);
  i128 u = (i128)bits, half = (i128)1 << (w - 1);
  return u > half ? u - ((i128)1 << w) : u;
}

int lin_size_mod(const Lin *l) {
  int s = balanced(l->dt, l->k) != 0;
  for (int i = 0; i < l->n; i++) s += balanced(l->dt, l->t[i].a) != 0;
  return s;
}

Node *lin_build(VsCtx *ctx, const Lin *l) {
  DType dt = l->dt;
  LinTerm ts[LIN_MAX_TERMS];
  int n = 0;
  for (int i = 0; i < l->n; i++) {
    i128 a = balanced(dt, l->t[i].a);
    if (a != 0) ts[n++] = (LinTerm){l->t[i].t, a};
  }
  /* By node id, ascending (ids are distinct, so every sort gives this order): an insertion sort, a form
   * having a handful of terms, where qsort's calls to a comparator cost more. */
  for (int i = 1; i < n; i++) {
    LinTerm x = ts[i];
    int j = i;
    for (; j > 0 && ts[j - 1].t->id > x.t->id; j--) ts[j] = ts[j - 1];
    ts[j] = x;
  }
  /* A term with a positive coefficient leads when there is one. */
  for (int i = 0; i < n; i++)
    if (ts[i].a > 0) {
      LinTerm first = ts[i];
      memmove(&ts[1], &ts[0], (size_t)i * sizeof ts[0]);
      ts[0] = first;
      break;
    }
  Node *acc = NULL;
  for (int i = 0; i < n; i++) {
    Node *t = ts[i].t;
    i128 a = ts[i].a;
    if (acc && a == -1) {
      acc = vs_bin(ctx, OP_SUB, acc, t);
    } else {
      Node *term = a == 1 ? t : a == -1 ? vs_un(ctx, OP_NEG, t) : vs_bin(ctx, OP_MUL, t, vs_const_int(ctx, dt, a));
      acc = !term ? NULL : acc ? vs_bin(ctx, OP_ADD, acc, term) : term;
    }
    if (!acc) return NULL;
  }
  i128 k = balanced(dt, l->k);
  if (!acc) return vs_const_int(ctx, dt, k);
  return k ? vs_bin(ctx, OP_ADD, acc, vs_const_int(ctx, dt, k)) : acc;
}
