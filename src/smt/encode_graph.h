/* encode_graph.h (internal to smt/): the tensor-graph layer as Z3 terms (docs/semantics.md, "Memory,
 * loops and reductions"), an extension of one Enc (encode.h).
 *
 * A memory state is one Z3 array per buffer, from 64-bit indices to elements of the buffer's sort (Bool,
 * a bit-vector, an FP sort), plus a 64-bit size term per buffer (a numeral for a declared buffer, a
 * fresh variable constrained to the BUFFER node's size range otherwise). A node is encoded in a *frame*:
 * a state and the values of the ranges bound around it; nodes without NF_HAS_GRAPH are frame-free and go
 * through the Enc's memo (enc_expr), the others are memoised per frame. Loops are unrolled: iteration j
 * of a range with end E runs under `j < E`, for j below vmax(E) (node bounds) capped at
 * GENC_MAX_TRIPS per loop and GENC_MAX_NEST iterations per nest; a loop cut short by a cap makes the
 * encoding *bounded* (genc_bounded), and a bounded query can refute but never prove.
 *
 * A cut loop is encoded for the inputs on which it is not longer than what was unrolled: genc_cuts
 * holds that assumption, so a query that asserts it finds only real counterexamples.
 *
 * A free range is a fresh 64-bit constant constrained to its domain, conjoined into e->ranges like a
 * variable's declared range (0 <= r < E where E is defined). The initial arrays and sizes are fresh
 * constants too. An abstract effect (OP_EFFECT) applies, per state array, an uninterpreted function of
 * all the state's arrays and its ranges' values (the result masked to the buffer's [0, N): outside it
 * an array keeps the initial elements, so equal states are equal arrays), and an uninterpreted Bool
 * function for its definedness. One family of functions per effect name and range count. When an
 * abstract effect occurs, the state has one more array, the rest of memory, which only abstract effects
 * read and change (an effect may change memory the case does not name).
 *
 * Ownership: a GraphEnc belongs to one Enc and holds its terms through enc_hold. */
#ifndef VSIMP_SMT_ENCODE_GRAPH_H
#define VSIMP_SMT_ENCODE_GRAPH_H

#include <stdbool.h>
#include <stddef.h>

#include "ir/bufdata.h"
#include "smt/encode.h"

#define GENC_MAX_TRIPS 256
#define GENC_MAX_NEST 4096

typedef struct GraphEnc GraphEnc;

/* A GraphEnc over e for the expressions roots (every buffer and abstract effect that may be met must be
 * under one of them: the state's buffers are fixed here). NULL when out of memory. */
GraphEnc *genc_new(Enc *e, Node *const *roots, size_t nroots);
void genc_free(GraphEnc *g);

/* A value root in the initial state (free ranges free). */
bool genc_value(GraphEnc *g, Node *root, SmtTerm *out);
/* An effect root run from the initial state: *def (not UB) and the final array of every buffer, in
 * the order of genc_buffers, then the rest of memory when there is one (out receives
 * genc_state_arrays' count of terms). */
bool genc_effect(GraphEnc *g, Node *root, Z3_ast *def, Z3_ast *out);
/* The arrays of a state: one per buffer, and one more, the rest of memory (bytes outside the query's
 * buffers), when an abstract effect occurs under the roots: an abstract effect may change any memory,
 * and only they touch that array. */
size_t genc_state_arrays(const GraphEnc *g);

/* The buffers of the state, ordered by node id, and their initial arrays and sizes. */
size_t genc_buffers(const GraphEnc *g, const Node *const **bufs);
Z3_ast genc_initial_array(const GraphEnc *g, size_t i);
Z3_ast genc_size(const GraphEnc *g, size_t i);
/* The free ranges met so far and their constants. */
size_t genc_free_ranges(const GraphEnc *g, const Node *const **ranges, const Z3_ast **consts);
/* Some loop was cut short by GENC_MAX_TRIPS or GENC_MAX_NEST. */
bool genc_bounded(const GraphEnc *g);
/* The domains a later root's free ranges must meet where they share a loop variable (a name) with an
 * earlier root's (whose domains the query assumes): for a refinement, the target's; true if none. */
Z3_ast genc_obligations(const GraphEnc *g);

/* The assumptions under which a bounded encoding is exact: for every loop cut short, that the
 * iterations left out do not run (its end is at most the iterations encoded, where it starts and is
 * defined). True when nothing was cut. A query that asserts them can only find real counterexamples. */
Z3_ast genc_cuts(const GraphEnc *g);
/* The domain constraint `def(E) => 0 <= r < E` of free range i (genc_free_ranges' order). */
Z3_ast genc_range_domain(const GraphEnc *g, size_t i);
/* The index terms of every load and store of buffer i encoded so far (every element an effect may
 * change is one of them, abstract effects aside). */
size_t genc_accesses(const GraphEnc *g, size_t i, const Z3_ast **idx);
/* Some abstract effect (OP_EFFECT) was encoded. */
bool genc_has_effect_vars(const GraphEnc *g);
/* Why the encoding failed, when it says (else ""): an ill-formed graph, nesting too deep, memory. */
const char *genc_error(const GraphEnc *g);

/* Decides whether tgt refines src (both values, or both effects) given hyp, as smt_solve_refinement
 * does for scalars: a model fills r->model (its variables, free ranges and the initial contents of
 * every buffer). A bounded encoding never gives SMT_VALID: such a query that is
 * unsatisfiable is SMT_UNKNOWN with the reason "a loop is longer than the unrolling limit". */
SmtVerdict smt_solve_graph_refinement(SmtCtx *s, Enc *e, GraphEnc *g, Z3_ast hyp, Node *src, Node *tgt,
                                      unsigned flags, SmtResult *r);

/* smt_eval_at (smt.h) on a graph expression (refine_graph.c). */
bool smt_eval_graph_at(SmtCtx *s, Node *root, const Point *p, Outcome *out, char *err, size_t errsize);

#endif
