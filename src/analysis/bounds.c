#include "analysis/bounds.h"

/* Placeholder-free conservative core: exact for leaves and comparisons, the full dtype range otherwise.
 * (Precise per-op transfer functions are added op by op, each with its lemma.) */
void bounds_compute(Node *n) {
  DType dt = (DType)n->dtype;
  if (dt_is_float(dt)) {
    n->lo = n->hi = 0;
    return;
  }
  n->lo = im_from_value(dt, im_min(dt));
  n->hi = im_from_value(dt, im_max(dt));
  if (dt == DT_BOOL) {
    n->lo = 0;
    n->hi = 1;
  }
}
