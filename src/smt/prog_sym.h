/* prog_sym.h (internal to smt/): symbolic execution of programs into Z3 terms (the semantics of
 * eval/prog_eval.h), for verify/prog_check.c.
 *
 * The executor follows every path at once: an `if` runs both branches and merges the variables they
 * wrote with ite on its condition (an undo log: the cost of a merge is what the branches wrote, not the
 * number of variables); iterations of an unrolled loop are branches guarded by "this iteration runs".
 * Expressions are encoded by smt/encode.h over placeholder constants and then substituted with the
 * variables' current terms.
 *
 * Programs are checked in pieces (docs/pass.md, "Translation validation"). A FRAME is the function
 * body, or one arbitrary iteration of a pair of loops; a frame is cut into REGIONS at the loops both
 * sides pair at its top level. A region has its own trace (a length and arrays from position to event
 * signature and 64-bit arguments, from position 0), its own UB flags and its own call results (an
 * uninterpreted function of the region and the position in it). A loop that is paired is not unrolled:
 * it emits one summary event (its pair, its instance, its bounds) and its results are fresh symbols,
 * the same on both sides for the values both sides carry; the executor records the instance (what the
 * loop reads at its entry) so that the checker can prove the pair's iteration frame. */
#ifndef VSIMP_SMT_PROG_SYM_H
#define VSIMP_SMT_PROG_SYM_H

#include "ir/arena.h"
#include "ir/ptrmap.h"
#include "ir/stmt.h"
#include "smt/encode.h"
#include "smt/smt.h"

typedef struct {
  Z3_ast v;       /* scalar: the dtype's sort; tensor: 64-bit identity */
  uint32_t rank;
  Z3_ast *shape;  /* tensors: 64-bit shape entries */
  Z3_ast def;     /* Bool: the computation that produced the value was defined (NULL: true) */
} SVal;

/* The state of one side besides its variables (Sym.env). */
typedef struct {
  Z3_ast ub;      /* Bool: UB in this region */
  Z3_ast assume;  /* Bool: what bounded unrolling assumed (in this frame) */
  Z3_ast len;     /* 32-bit length of the region's trace */
  Z3_ast sig;     /* Array BV32 -> BV32 */
  Z3_ast *args;   /* maxa arrays BV32 -> BV64 */
  uint64_t nev;   /* events on the longest path of the region so far */
  SVal *yv;       /* the current body's yield values */
  Z3_ast pc;      /* Bool: the path condition within the frame */
  Z3_ast hypdef;  /* Bool: the values read in this region were defined (the source's hypothesis) */
  /* A break or continue of the innermost loop on this path: the rest of its body does not run on it
   * (NULL: false). jv: the jump's values, one per carry of that loop. */
  Z3_ast jmp, brk;
  SVal *jv;
} SState;

/* How a loop was checked, from best to worst. */
typedef enum { SYM_M_NONE, SYM_M_INDUCTION, SYM_M_UNROLLED, SYM_M_BOUNDED } SymMethod;

/* A pair of loops, source (side 0) and target (side 1). Its SLOTS are the values both sides carry
 * from an iteration to the next under one name and type: a carry of both loops, or a variable a body
 * assigns that the other function has too (the other body may only keep it). A slot's value is one
 * shared unknown at the start of an arbitrary iteration, and the checker proves that both sides' next
 * values agree. A SOLO pair has a source `for` loop and no target
 * loop (dead-code removal deleted it): its summary emits nothing, its results are unknowns of the
 * source alone, and the checker proves that no iteration emits an event. */
typedef struct {
  const Stmt *loop[2];
  uint32_t nslots;
  PVar **slot_var[2];     /* per slot: its variable on each side */
  int32_t *carry_slot[2]; /* per carry of loop[side]: its slot or -1 */
  PVar **asg[2];          /* the variables each body assigns (carries of no loop of this pair) */
  uint32_t nasg[2];
  int32_t *asg_slot[2];
} SymPair;

/* One execution of a paired loop by one side, recorded in the region where it ran. */
typedef struct {
  const Stmt *loop;
  uint32_t pair, inst;   /* the pair and the how-manieth execution of the loop in its frame */
  uint32_t nvals;        /* the variables the loop reads or assigns, at its entry */
  uint32_t *ids;
  SVal *vals;
  Z3_ast pc, assume;     /* path condition and assumptions at the entry */
  Z3_ast a, b, st, T;    /* for: bounds and trip count ((w+2)-bit signed) */
  SVal *inits;           /* the carries' initial values */
} SymInst;

/* Shared by the two executions of one check. */
typedef struct {
  SmtCtx *s;
  Enc *e;
  Z3_context z;  /* where terms are built: the Enc's */
  Z3_context zs; /* where the last solver was made (smt_z3_side): its solvers and models live there */
  Arena arena;
  char **sigs; /* event signatures; an event's id is its index */
  size_t nsigs, capsigs;
  uint32_t *sigtab; /* hash table of signature ids + 1 */
  size_t capsigtab;
  uint32_t maxa;
  Z3_sort bv32, bv64, arr32, arr64;
  Z3_ast zero64, zero32;
  unsigned unroll;
  unsigned long steps, max_steps;
  Z3_func_decl callres[DT_COUNT]; /* call results, per dtype: (region, position) -> value */
  Z3_func_decl tcall;             /* tensors calls return outside region 0: (region, position) -> identity */
  Z3_func_decl tslot;             /* a domain's slots outside region 0: (region, position) -> base identity */
  Z3_func_decl view;              /* a view that is not the identity: (tensor, rows, offset) -> tensor */
  Z3_func_decl as_layout;         /* an as_layout that is not the identity: (tensor, layout) -> tensor */
  SymPair *pairs;
  uint32_t npairs;
  size_t cappairs;
  PtrMap pair_of[2];  /* loop statement -> pair + 1 */
  uint32_t region;    /* the region being executed (0: the first region of the function) */
  uint32_t frame;     /* the frame being executed: names its summaries' symbols */
  Z3_ast frame_hyp;   /* what holds in the frame (trip counts of unrolled loops are proved under it) */
  PtrMap method;      /* loop statement -> worst SymMethod seen */
  unsigned queries;   /* solver calls the executor made (trip-count bounds) */
  double deadline;    /* vs_seconds() past which the executor asks the solver nothing (0: none) */
  bool bounded;
  bool has_float; /* some term has a floating-point sort (the solver choice depends on it) */
  bool unknown; /* e.g. a constant trip count above the bound */
  char why[200];
} SymShared;

typedef struct {
  uint32_t id;
  SVal old;
} SymUndo;

typedef struct {
  SymShared *sh;
  const Function *f;
  int side;        /* 0: source, 1: target */
  NodeMap var_id;  /* VAR node -> id + 1 */
  SVal *env;       /* per variable id (malloc'd once; one frame at a time) */
  uint32_t *dirty; /* the variables the current frame set (cleared when the next frame starts) */
  size_t ndirty, capdirty;
  uint32_t *dmark; /* per variable: the frame epoch in which it was last added to dirty */
  uint32_t epoch;
  SState st;
  SymUndo *log;    /* writes to env since the outermost open merge */
  size_t nlog, caplog;
  size_t nopen;    /* open merges (the log is only kept while one is open) */
  uint32_t *stamp; /* per variable: the merge that last collected it */
  uint32_t *where; /* per variable: its index in the writes of a merge's first branch */
  uint32_t stamp_now;
  SymInst *insts;  /* paired loops executed in the current region */
  size_t ninsts, capinsts;
  PtrMap inst_count; /* loop statement -> executions in the current frame */
  PtrMap loop_vars;  /* loop statement -> cached variable list (arena) */
  const Stmt *loop;  /* the innermost loop whose body runs (a jump's target) */
} Sym;

bool sym_shared_init(SymShared *sh, SmtCtx *s, Enc *e, unsigned unroll, unsigned long max_steps, uint32_t maxa);
void sym_shared_fini(SymShared *sh);
/* Declares loops src (of the source) and tgt (of the target) a pair: each is then summarized instead
 * of unrolled. False (nothing declared) when they cannot be one: not the same kind of loop, bounds of
 * different dtypes, or either already paired. tgt NULL declares a solo pair (a `for` loop only); a
 * solo loop whose trip count is a constant within the unrolling bound, or at most 1, is unrolled. */
bool sym_add_pair(SymShared *sh, const Function *fs, const Stmt *src, const Function *ft, const Stmt *tgt);
/* The largest number of values an event of f carries. */
uint32_t sym_max_event_args(const Function *f);

/* Sets up side `side` (0 source, 1 target) of function f, at its entry: the parameters bound (scalars
 * are the Enc's variables, with their ranges; tensors have fixed identities). No event yet. */
bool sym_init(Sym *y, SymShared *sh, const Function *f, int side);
void sym_fini(Sym *y);
/* Starts a region: an empty trace, no UB, nothing read, no recorded instance. */
void sym_region_begin(Sym *y);
/* The `params` event of a function with tensor parameters. */
void sym_emit_params(Sym *y);
/* Executes statements [from, to) of b (owner: the loop or if whose body b is, or NULL). */
void sym_exec(Sym *y, Block b, uint32_t from, uint32_t to, const Stmt *owner);
/* Evaluates a bool expression (a while condition), recording its UB and what it read. */
Z3_ast sym_eval(Sym *y, Node *n);
bool sym_live(const Sym *y);

/* An arbitrary iteration of a pair of loop instances a (source) and b (target), as a frame: both
 * sides' variables are set (those the loops read at their entries, the loop variable, and the slots
 * and other carried values as unknowns) and the frame's hypotheses are returned in *hyp. */
typedef struct {
  const SymPair *pair;
  const SymInst *inst[2];
  Z3_ast first; /* Bool: this is the first iteration (for: k == 0) */
  Z3_ast k;     /* for: the iteration's index ((w+2)-bit) */
  Z3_ast hyp;
  bool *skip;   /* per slot: its variable had no value at the entry on some side (never read there) */
} SymIter;
bool sym_iteration(SymShared *sh, Sym *ys, const SymInst *a, Sym *yt, const SymInst *b, uint32_t frame, SymIter *it);
/* After both bodies ran: some slot's next values differ (Bool). */
Z3_ast sym_iteration_differs(SymShared *sh, const Sym *ys, const Sym *yt, const SymIter *it);

/* A value as 64 bits, the form event arguments take. */
Z3_ast sym_to_bv64(SymShared *sh, Z3_ast v, DType dt);
/* The uninterpreted result of the call at position pos (a 32-bit term) of region `region`, of scalar
 * dtype dt. */
Z3_ast sym_call_result(SymShared *sh, uint32_t region, Z3_ast pos, DType dt);
/* Records a loop's method (the worst one seen wins). */
void sym_note_method(SymShared *sh, const Stmt *loop, SymMethod m);
SymMethod sym_method(const SymShared *sh, const Stmt *loop);

/* A solver holding the assertions as[0..n), ready to check, in the side context sh->zs (see prog_sym.c
 * for the choice and the SMT-LIB2 round trip): use sh->zs for it and its model. NULL on a Z3 failure
 * (*why says why when it is known). When `dump` and the context has an SMT-LIB2 path, the query is
 * written there. */
Z3_solver sym_solver(SymShared *sh, const Z3_ast *as, int n, bool dump, bool roundtrip, char *why, size_t whylen);
/* t with every division, remainder and modulus, and every product of two non-constants, replaced by
 * an uninterpreted function of its (abstracted) operands, one per operation and width: an
 * over-approximation, so a query whose abstraction is unsat is unsat. *changed: something was
 * replaced. NULL on a failure. */
Z3_ast sym_abstract(SymShared *sh, Z3_ast t, bool *changed);
/* The value (bits, as enc_model_bits) of a term built in sh->z, in a model of the side context. */
bool sym_model_bits(SymShared *sh, Z3_model m, Z3_ast term, DType dt, uint64_t *bits);
/* Does `hyp` imply `goal`? (False when the solver cannot tell.) */
bool sym_implies(SymShared *sh, Z3_ast hyp, Z3_ast goal);

#endif
