/* stmt.h: the statement IR of programs (docs/syntax.md "Programs", docs/pass.md).
 *
 * A Program is a list of functions; a function has parameters, result types and a body, a Block of
 * statements. Every expression is a hash-consed Node of the program's VsCtx; a scalar program variable
 * is a VAR node (its declared range, for parameters, is the node's range), so the whole expression
 * machinery (bounds, rewriting, evaluation, Z3 encoding) applies to program expressions unchanged.
 * Tensor, tile and tuple variables (aggregates, prog_type.h) have no node: they appear only as call
 * arguments, alias values, yields and returns.
 *
 * Variables (PVar) belong to their function: one PVar per (name, type) in the function, whatever the
 * scope, so a name defined in two sibling scopes with one type is one variable (assigned twice).
 * Scoping is lexical (a `for`, `while` or `if` body is a scope; `spmd` and `scope` bodies are not:
 * what they define stays visible after them); the parser enforces it.
 *
 * Everything (statements, blocks, types, variables) is allocated from the program's arena and dies
 * with the program; passes build new statements in the same arena. Blocks are arrays: a pass builds
 * a block in a StmtVec (malloc'd) and then freezes it into the arena. */
#ifndef VSIMP_IR_STMT_H
#define VSIMP_IR_STMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/arena.h"
#include "ir/node.h"
#include "ir/prog_type.h"


typedef struct PVar PVar;
struct PVar {
  const char *name; /* interned in the VsCtx */
  Type type;
  Node *node;       /* scalars: the VAR node; NULL for tensors */
  uint32_t id;      /* index in Function.vars */
  bool is_param;
  int line, col;    /* where it was first defined */
  PVar *next_same_name;
};

/* A value where a statement takes one: an expression, an opaque call, or a tensor variable.
 *
 * Calls inside expressions (`helper(a) + 1`, `f(g(x))`, docs/syntax.md "Calls") are hoisted: each is a
 * Call with a `hole`, a variable of the function that no statement defines, and the expression reads
 * the hole where the call stood. A value lists the calls it makes in evaluation order (`sub`: the
 * calls of its expression, or of its whole call's arguments; nested calls before the call holding
 * them, left to right). Running a value runs its sub calls in that order, each setting its hole, then
 * the expression or the whole call. A printable value reads each hole exactly once and in that order
 * (call_order_ok); the pass keeps it so. */
typedef struct Call Call;
typedef struct {
  Node *e;
  Call *call;
  PVar *tensor;
  uint32_t nsub; /* e's calls (a whole call keeps its own in call->sub) */
  Call **sub;
} Val;

struct Call {
  const char *name; /* interned */
  uint32_t nargs;
  Val *args;        /* expressions (holes of this call's sub calls among their variables) and tensor variables */
  int line, col;
  PVar *hole;       /* a call inside an expression: its result's variable; NULL for a whole call */
  uint32_t nsub;    /* a whole call: the calls inside its arguments, in evaluation order */
  Call **sub;
  /* The builtin view's shape and layout forms (view_type.h): `v = call view(t, [s...], layout=L)`,
   * either part optional but not both; 0 for every other call. The only argument is t: the shape is
   * the result type's (an assignment's type, derived from t's and the operands), which the printer
   * writes back as the list. */
  uint8_t vform;   /* VIEW_SHAPE | VIEW_LAYOUT */
  uint8_t vlayout; /* VIEW_LAYOUT: the target layout (TensorLayout) */
};

enum { VIEW_SHAPE = 1, VIEW_LAYOUT = 2 };

/* The calls v makes before its own value, in evaluation order (*out; their count is returned). */
static inline uint32_t val_sub(const Val *v, Call *const **out) {
  if (v->call) {
    *out = v->call->sub;
    return v->call->nsub;
  }
  *out = v->sub;
  return v->nsub;
}

/* A dispatch predicate (docs/syntax.md "Tasks"), `predicate t[i, ...] OP K` on a submit or an spmd:
 * the runtime's scheduler compares one element of tensor t with the integer K when it dispatches the
 * task; the program never reads the element. Its indices are index expressions (one per entry of t's
 * shape), evaluated with the statement. */
typedef enum { PRED_EQ, PRED_NE, PRED_GT, PRED_LT, PRED_GE, PRED_LE, PRED_COUNT } PredOp;
typedef struct {
  PVar *tensor;
  uint32_t nidx;
  Node **idx;
  uint8_t op; /* PredOp */
  int64_t target;
} Pred;
/* "==", "!=", ... */
const char *pred_op_name(int op);

typedef struct Stmt Stmt;
typedef struct {
  Stmt **s;
  uint32_t n;
} Block;

typedef enum {
  SK_ASSIGN, /* var = val (val: expression, call, or tensor variable) */
  SK_CALL,   /* call f(args), result discarded */
  SK_FOR,    /* (rets) = for var in KIND(start, stop, step) ATTRS iter (carries = inits) { body } */
  SK_IF,     /* (rets) = if cond { then } else { els } */
  SK_WHILE,  /* (rets) = while iter (carries = inits) cond cond { body } */
  SK_SPMD,   /* spmd(cores) ATTRS { body } */
  SK_SCOPE,  /* scope ATTRS { body } */
  SK_YIELD,  /* yield vals */
  SK_RETURN, /* return vals */
  /* Jumps of the innermost enclosing loop, the last statement of their block, reached from the loop
   * body through ifs without results only (never through spmd or scope, never from an if with
   * results): `continue vals` ends the iteration with vals as the next carries, `break vals` ends the
   * loop with vals as its results (one value per carry; none for a loop without carries). */
  SK_BREAK,
  SK_CONTINUE,
  /* (out, tid) = submit kernel(args) deps [d...]: a task (docs/pass.md): an event with the arguments
   * and the dependencies' values; out is its result (as a call's), tid its task id, a scalar (index)
   * that later deps name. */
  SK_SUBMIT,
  /* domain [s1: e1, ...] ATTRS { body }: a communication-domain scope (docs/pass.md): events `domain[k]`,
   * the body, `end domain(...)` with the slot sizes e1... evaluated at the end of the body (over the
   * variables visible there: what the body binds at its top level among them). The slots are index
   * variables, read-only, each holding its slot's identity; the statement uses u.scope (cores NULL). */
  SK_DOMAIN,
  /* pin var = buf[index]: a pinned memory slot of tensor buf (docs/pass.md): an event with buf's
   * identity, the index and the byte offset index * (buf's element size); var (index) takes the
   * offset. */
  SK_PIN,
} StmtKind;

typedef enum { LOOP_SEQ, LOOP_PARALLEL, LOOP_UNROLL, LOOP_PIPELINE } LoopKind;

struct Stmt {
  uint8_t kind; /* StmtKind */
  int line, col;
  union {
    struct {
      PVar *var;
      Type *type; /* the type written at this definition, or NULL (then var->type) */
      Val val;
    } assign;
    Call *call;
    struct {
      uint8_t kind;   /* LoopKind */
      PVar *var;
      Node *start, *stop, *step;
      const char **attrs; /* interned `@attr` annotations: "name" or "name(value)" */
      uint32_t nattrs;
      uint32_t ncarry;
      PVar **carries; /* ncarry each: carry variables, initial values, return variables (may be NULL) */
      Val *inits;
      /* ncarry: each carry's type as written at this loop, or NULL (then the carries' own). A tensor
       * carry's shape is evaluated where a call produces its value (an initial value or a yielded
       * call), so it is part of the program like any expression: the pass folds it, dead-code
       * removal counts its variables as read. */
      Type *types;
      PVar **rets;    /* NULL when the loop's results are not bound */
      Node *cond;     /* SK_WHILE: the condition, over the carries */
      Block body;
    } loop; /* SK_FOR and SK_WHILE (while: var, start, stop, step, attrs unused) */
    struct {
      Node *cond;
      Block then, els;
      bool has_else;
      uint32_t nrets;
      PVar **rets;
      Type *types; /* nrets: each result's type at this if (as for loop carries), or NULL */
    } ifs;
    struct {
      Node *cores; /* SK_SPMD only */
      /* Annotations for the runtime (`@level(core_group)`, `@manual`): no effect on the program's
       * events, so every stage carries them through unchanged and the pass never drops them. */
      const char **attrs;
      uint32_t nattrs;
      Block body;
      /* SK_DOMAIN only: the slots (index variables, visible from the body on) and their sizes (index
       * expressions, evaluated at the end of the body). */
      uint32_t nslots;
      PVar **slots;
      Node **sizes;
      /* SK_SPMD only: `deps [d...]`, the task ids the dispatch waits for (index expressions), and a
       * dispatch predicate (NULL: none), both part of its `spmd` event. */
      uint32_t ndeps;
      Node **deps;
      Pred *pred;
    } scope; /* SK_SPMD, SK_SCOPE and SK_DOMAIN */
    struct {
      PVar *var;   /* index: the byte offset */
      PVar *buf;   /* a tensor variable: the buffer the slot is pinned in (its identity is kept) */
      Node *index; /* index expression: the slot index */
    } pin;
    struct {
      uint32_t n;
      Val *vals;
    } vals; /* SK_YIELD, SK_RETURN, SK_BREAK and SK_CONTINUE */
    struct {
      Call *call;  /* the kernel and its arguments (calls inside them: call->sub) */
      PVar *out;   /* the task's result */
      Type *type;  /* out's type at this statement (a tensor's shape is evaluated here) */
      PVar *tid;   /* the task id: index */
      uint32_t ndeps;
      Node **deps; /* index expressions: the task ids it waits for */
      Pred *pred;  /* a dispatch predicate, or NULL */
    } submit;
  } u;
};

typedef struct {
  const char *name;
  uint32_t nparams;
  PVar **params;
  uint32_t nresults;
  Type *results;
  Block body;
  PVar **vars; /* every variable of the function, by id (malloc'd: grows as passes add variables) */
  uint32_t nvars, cap_vars;
  PVar **by_name; /* open addressing on the interned name pointer: first PVar of that name */
  uint32_t cap_names;
  int line, col;
} Function;

typedef struct {
  VsCtx *ctx; /* not owned */
  Arena arena;
  Function **funcs;
  uint32_t nfuncs, cap_funcs;
} Program;

/* Limits (against hostile input; the parser reports them as errors). Statement nesting bounds the
 * recursion of every stage that walks statements. */
enum { PROG_MAX_NESTING = 256, PROG_MAX_VALS = 256, PROG_TUPLE_MAX = 16 };

Program *prog_new(VsCtx *ctx);
void prog_free(Program *p);
void *prog_alloc(Program *p, size_t size);
Function *prog_add_function(Program *p, const char *name);

/* The variable of function f with this (interned) name and type, or NULL. */
PVar *fn_find_var(const Function *f, const char *name, const Type *type);
/* Some variable of f with this interned name (the first defined), or NULL. */
PVar *fn_find_name(const Function *f, const char *name);
/* The variable (name, type) of f, created if needed (scalars get their VAR node: full range, or
 * [lo, hi] for parameters). NULL on allocation or node failure. */
PVar *fn_var(Program *p, Function *f, const char *name, const Type *type, bool is_param, i128 lo, i128 hi);
/* A new variable named after `base`: name_N with the smallest N >= *next (N >= 1; next may be NULL)
 * not used in f, of base's type. *next is advanced past N, so that a caller making many copies of one
 * name does not search from 1 each time. */
PVar *fn_fresh_var(Program *p, Function *f, const PVar *base, unsigned *next);
/* The variable whose VAR node is n, or NULL (linear in the number of variables; see VarIndex for
 * repeated lookups). */
PVar *fn_var_of_node(const Function *f, const Node *n);


Stmt *stmt_new(Program *p, StmtKind kind, int line, int col);
/* A shallow copy (same operands and blocks). */
Stmt *stmt_clone(Program *p, const Stmt *s);

/* A growable statement list that becomes a Block. */
typedef struct {
  Stmt **s;
  size_t n, cap;
  bool oom;
} StmtVec;
void svec_push(StmtVec *v, Stmt *s);
void svec_append(StmtVec *v, Block b);
/* Copies the statements into the arena, frees the vector. */
Block svec_freeze(Program *p, StmtVec *v);
void svec_free(StmtVec *v);

/* The yield that ends a block: its last statement, or, when that is an `spmd` or `scope` statement,
 * the yield ending that one's body (recursively). NULL if none. *owner gets the block holding it. */
Stmt *block_trailing_yield(Block b, Block **owner);

/* Whether b holds a break or continue of the loop whose body b is (or is inside): nested loops'
 * own jumps do not count. */
bool block_jumps(Block b);

/* The type of slot i of a loop (its carry) or an if (its result) at that statement: what a yielded
 * call's result is typed by. */
const Type *stmt_slot_type(const Stmt *s, uint32_t i);

/* Checks that f is well formed as the parser would accept it: every variable read (in an expression,
 * a call argument, a tensor value or a type's shape) is defined before, in a visible scope; every
 * type is closed at the statement that carries it. On failure writes the first violation (with its
 * position) to err and returns false. */
bool fn_well_formed(const Function *f, char *err, size_t errlen);

/* A call anywhere in v (a whole call or a call inside its expression). */
bool val_has_call(const Val *v);
/* Whether the expressions of v read the holes of its sub calls exactly once each, in evaluation order
 * (so that v prints as the text it was parsed from: each call where its hole stands). */
bool val_call_order_ok(const Val *v);
/* Whether variable v is a call's hole. */
static inline bool pvar_is_hole(const PVar *v) { return v->name[0] == '$'; }
/* True if the value reads variable v (its expression, call arguments, or tensor). */
bool val_reads(const Val *val, const PVar *v);
/* Counts statements, recursively. */
size_t block_count(Block b);

#endif
