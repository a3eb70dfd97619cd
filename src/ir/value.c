#include "ir/value.h"

#include <stdlib.h>
#include <string.h>

bool lane_value_same(const LaneValue *a, const LaneValue *b) {
  if (a->ub || b->ub) return a->ub == b->ub;
  if (a->inv || b->inv) return a->inv == b->inv;
  if (a->lanes != b->lanes) return false;
  for (int j = 0; j < a->lanes; j++)
    if (a->lane[j] != b->lane[j]) return false;
  return true;
}

static void bufs_free(BufValue **bufs, size_t *n) {
  for (size_t i = 0; *bufs && i < *n; i++) bufdata_free(&(*bufs)[i].data);
  free(*bufs);
  *bufs = NULL;
  *n = 0;
}

static bool bufs_equal(const BufValue *a, const BufValue *b, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (a[i].buf != b[i].buf || !bufdata_equal(&a[i].data, &b[i].data)) return false;
  return true;
}

void point_free(Point *p) {
  free(p->vars);
  free(p->ranges);
  bufs_free(&p->bufs, &p->nbufs);
  memset(p, 0, sizeof *p);
}

static bool copy_array(void **dst, const void *src, size_t n, size_t size) {
  *dst = malloc((n ? n : 1) * size);
  if (*dst && n) memcpy(*dst, src, n * size);
  return *dst != NULL;
}

bool point_copy(Point *dst, const Point *src) {
  memset(dst, 0, sizeof *dst);
  bool ok = copy_array((void **)&dst->vars, src->vars, src->nvars, sizeof *dst->vars) &&
            copy_array((void **)&dst->ranges, src->ranges, src->nranges, sizeof *dst->ranges) &&
            (dst->bufs = calloc(src->nbufs ? src->nbufs : 1, sizeof *dst->bufs)) != NULL;
  dst->nvars = src->nvars;
  dst->nranges = src->nranges;
  for (size_t i = 0; ok && i < src->nbufs; i++) {
    dst->bufs[i].buf = src->bufs[i].buf;
    ok = bufdata_copy(&dst->bufs[i].data, &src->bufs[i].data);
    if (ok) dst->nbufs = i + 1;
  }
  if (!ok) point_free(dst);
  return ok;
}

void outcome_free(Outcome *o) { bufs_free(&o->bufs, &o->nbufs); }

bool outcome_same(const Outcome *a, const Outcome *b) {
  if (a->out_of_domain || b->out_of_domain) return a->out_of_domain == b->out_of_domain;
  if (!lane_value_same(&a->value, &b->value)) return false;
  if (a->value.ub || !a->bufs) return !b->bufs || a->value.ub;
  return b->bufs && a->nbufs == b->nbufs && bufs_equal(a->bufs, b->bufs, a->nbufs);
}

bool outcome_refines(const Outcome *src, const Outcome *tgt) {
  if (src->out_of_domain || src->value.ub) return true; /* no admissible point, or UB: anything goes */
  /* A target outside a domain the source does not have: the target has a free range the source lacks,
   * which docs/semantics.md makes an invalid case; it is no refinement. */
  if (tgt->out_of_domain || tgt->value.ub) return false;
  if (!src->bufs) return !tgt->bufs && lane_value_same(&src->value, &tgt->value);
  return tgt->bufs && tgt->nbufs == src->nbufs && bufs_equal(src->bufs, tgt->bufs, src->nbufs);
}

bool outcome_holds(const Outcome *o) {
  return !o->out_of_domain && !o->value.ub && !o->value.inv && o->value.lane[0];
}
