/* Dispatch, UB propagation, the evaluator's entry (eval_at) and the prepared scalar Evaluator (a flat
 * instruction array evaluated without hashing). */
#include "eval/eval.h"

#include <stdio.h>
#include <stdlib.h>

#include "eval/eval_internal.h"
#include "ir/errmsg.h"
#include "ir/nodemap.h"

Value ev_apply(unsigned code, DType dt, DType adt, const Value *a) {
  if (code == OP_SELECT) {
    /* Lazy: the branch not taken may be UB without consequence. */
    if (a[0].ub) return ev_ub();
    return a[0].bits ? a[1] : a[2];
  }
  int n = ev_arity(code);
  uint64_t v[3] = {0, 0, 0};
  bool inv = false;
  for (int i = 0; i < n; i++) {
    if (a[i].ub) return ev_ub();
    inv |= a[i].inv;
    v[i] = a[i].bits;
  }
  /* UB first: an INVALID operand does not excuse a UB one. Otherwise the op is never computed on
   * INVALID (it is no integer), so its own UB conditions (a zero divisor) do not arise. */
  if (inv) return ev_from_inv(dt);
  return ev_compute(code, dt, adt, v[0], v[1], v[2]);
}

Value ev_compute(unsigned code, DType dt, DType adt, uint64_t a, uint64_t b, uint64_t c) {
  switch (code) {
  case OP_CAST: return ev_cast(dt, adt, a);
  case OP_BITCAST: return ev_bitcast(dt, adt, a);
  default: break;
  }
  return ev_float(adt) ? ev_float_op((Op)(code & EV_OP_MASK), dt, adt, a, b, c) : ev_int_op(code, dt, adt, a, b, c);
}

Value eval_op(const Node *n, const Value *args) {
  switch ((Op)n->op) {
  case OP_CONST: return ev_val(n->aux.bits);
  case OP_VAR: return ev_ub(); /* a variable has no value of its own: the point gives it */
  case OP_INVALID: return ev_inv();
  default: return ev_apply(ev_code(n), (DType)n->dtype, (DType)n->args[0]->dtype, args);
  }
}

/* ---- eval_at ---- */

bool eval_at(Node *root, const Point *p, Outcome *out, char *err, size_t errsize) {
  static const Point none;
  if (err && errsize) err[0] = '\0';
  if (!root) {
    *out = (Outcome){.value = lane_value(ev_ub())};
    return vs_fail(err, errsize, "no expression");
  }
  /* Graph expressions run in frames of memory states and loop bindings; everything else is one pass. */
  if (root->flags & NF_HAS_GRAPH) return ev_graph_at(root, p ? p : &none, out, err, errsize);
  return ev_lanes_at(root, p ? p : &none, out, err, errsize);
}

/* ---- Evaluator ---- */

/* One non-leaf node. Slots index the value array, which holds every node of the post-order, constants
 * filled in once at preparation and variables copied in on each run. */
typedef struct {
  uint8_t op, dt, adt; /* op: the op code (eval_internal.h: the Op, and EV_NSW) */
  uint8_t uses[3]; /* 1 for the operands the op has */
  uint32_t dst;
  uint32_t arg[3];
} Instr;

/* Values are kept as two arrays rather than an array of Value: a parent reads its operand right after
 * the child wrote it, and a 16-byte load of a Value stored as two fields defeats store forwarding
 * (measured: it dominated the run time). ub[] holds a state: 0 a value, S_UB, or S_INV (INVALID). */
enum { S_UB = 1, S_INV = 2 };
struct Evaluator {
  Instr *code;
  size_t ncode;
  uint64_t *bits;
  uint8_t *ub;
  size_t nvals;
  const Node **vars;
  uint32_t *var_slot;
  size_t nvars;
};

Evaluator *evaluator_new(Node *root) {
  if (root->flags & (NF_HAS_VEC | NF_HAS_GRAPH)) return NULL; /* one 64-bit slot per node: scalar values only */
  Node **order;
  size_t n = vs_postorder(root, &order);
  if (n == 0 || n > UINT32_MAX) {
    free(order);
    return NULL;
  }
  Evaluator *ev = calloc(1, sizeof *ev);
  NodeMap index;
  nodemap_init(&index);
  if (!ev) goto fail;
  ev->nvals = n;
  ev->bits = calloc(n, sizeof *ev->bits);
  ev->ub = calloc(n, sizeof *ev->ub);
  ev->code = malloc(n * sizeof *ev->code);
  ev->vars = malloc(n * sizeof *ev->vars);
  ev->var_slot = malloc(n * sizeof *ev->var_slot);
  if (!ev->bits || !ev->ub || !ev->code || !ev->vars || !ev->var_slot) goto fail;
  for (size_t i = 0; i < n; i++) {
    Node *node = order[i];
    if (!nodemap_put(&index, node, i)) goto fail;
    if (node->op == OP_CONST) {
      ev->bits[i] = node->aux.bits;
    } else if (node->op == OP_INVALID) {
      ev->ub[i] = S_INV; /* a leaf: never overwritten by a run */
    } else if (node->op == OP_VAR) {
      ev->vars[ev->nvars] = node;
      ev->var_slot[ev->nvars++] = (uint32_t)i;
    } else {
      Instr *in = &ev->code[ev->ncode++];
      *in = (Instr){.op = (uint8_t)ev_code(node), .dt = node->dtype, .adt = node->args[0]->dtype, .dst = (uint32_t)i};
      for (int j = 0; j < node->nargs; j++) {
        uint64_t at = 0;
        nodemap_get(&index, node->args[j], &at);
        in->arg[j] = (uint32_t)at;
        in->uses[j] = S_UB | S_INV;
      }
    }
  }
  nodemap_free(&index);
  free(order);
  return ev;
fail:
  nodemap_free(&index);
  free(order);
  evaluator_free(ev);
  return NULL;
}

void evaluator_free(Evaluator *ev) {
  if (!ev) return;
  free(ev->code);
  free(ev->bits);
  free(ev->ub);
  free(ev->vars);
  free(ev->var_slot);
  free(ev);
}

size_t evaluator_vars(const Evaluator *ev, const Node *const **vars) {
  *vars = ev->vars;
  return ev->nvars;
}

Value evaluator_run(Evaluator *ev, const uint64_t *var_bits) {
  uint64_t *bits = ev->bits;
  uint8_t *ub = ev->ub;
  for (size_t k = 0; k < ev->nvars; k++) bits[ev->var_slot[k]] = vs_canon_bits((DType)ev->vars[k]->dtype, var_bits[k]);
  for (size_t i = 0; i < ev->ncode; i++) {
    const Instr *in = &ev->code[i];
    /* Operands the op does not have point at slot 0; uses[] keeps their ub flag out of the test and
     * the op never reads their bits. */
    uint32_t x = in->arg[0], y = in->arg[1], z = in->arg[2];
    Value r;
    uint8_t st;
    if (in->op == OP_SELECT) {
      uint32_t pick = bits[x] ? y : z;
      if (ub[x]) {
        bits[in->dst] = 0;
        ub[in->dst] = S_UB;
      } else {
        bits[in->dst] = bits[pick];
        ub[in->dst] = ub[pick];
      }
      continue;
    }
    st = (ub[x] & in->uses[0]) | (ub[y] & in->uses[1]) | (ub[z] & in->uses[2]);
    if (st) /* UB wins over INVALID; INVALID gives INVALID at index, UB elsewhere (as ev_apply) */
      r = (st & S_UB) ? ev_ub() : ev_from_inv((DType)in->dt);
    else
      r = ev_compute(in->op, (DType)in->dt, (DType)in->adt, bits[x], bits[y], bits[z]);
    bits[in->dst] = r.bits;
    ub[in->dst] = (uint8_t)(r.ub ? S_UB : r.inv ? S_INV : 0);
  }
  uint8_t last = ub[ev->nvals - 1];
  return (Value){bits[ev->nvals - 1], last == S_UB, last == S_INV};
}
