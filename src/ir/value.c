#include "ir/value.h"

#include <stdlib.h>

void graph_result_free(GraphResult *r) {
  for (size_t i = 0; r->bufs && i < r->nbufs; i++) bufdata_free(&r->bufs[i].data);
  free(r->bufs);
  r->bufs = NULL;
  r->nbufs = 0;
}
