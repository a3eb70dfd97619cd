#include "text/infix.h"

#include <stddef.h>

/* For each op the entry the printer uses comes first (LT before GT, & before &&, | before ||). */
static const Infix table[] = {
    {TK_STAR, "*", OP_MUL, 10, false, INFIX_ARITH},
    {TK_SLASH, "/", OP_FDIV, 10, false, INFIX_ARITH},
    {TK_SLASHSLASH, "//", OP_IDIV, 10, false, INFIX_ARITH},
    {TK_PERCENT, "%", OP_MOD, 10, false, INFIX_ARITH},
    {TK_PLUS, "+", OP_ADD, 9, false, INFIX_ARITH},
    {TK_MINUS, "-", OP_SUB, 9, false, INFIX_ARITH},
    {TK_SHL, "<<", OP_SHL, 8, false, INFIX_ARITH},
    {TK_SHR, ">>", OP_SHR, 8, false, INFIX_ARITH},
    {TK_LT, "<", OP_LT, 7, false, INFIX_CMP},
    {TK_LE, "<=", OP_LE, 7, false, INFIX_CMP},
    {TK_GT, ">", OP_LT, 7, true, INFIX_CMP},
    {TK_GE, ">=", OP_LE, 7, true, INFIX_CMP},
    {TK_EQ, "==", OP_EQ, 6, false, INFIX_CMP},
    {TK_NE, "!=", OP_NE, 6, false, INFIX_CMP},
    {TK_AMP, "&", OP_AND, 5, false, INFIX_ARITH},
    {TK_CARET, "^", OP_XOR, 4, false, INFIX_ARITH},
    {TK_PIPE, "|", OP_OR, 3, false, INFIX_ARITH},
    {TK_AMPAMP, "&&", OP_AND, 2, false, INFIX_LOGICAL},
    {TK_PIPEPIPE, "||", OP_OR, 1, false, INFIX_LOGICAL},
};
enum { NINFIX = sizeof table / sizeof table[0] };

const Infix *infix_of_token(TokKind k) {
  for (size_t i = 0; i < NINFIX; i++)
    if (table[i].tok == k) return &table[i];
  return NULL;
}

const Infix *infix_of_node(const Node *n) {
  bool logical = n->dtype == DT_BOOL && (n->op == OP_AND || n->op == OP_OR);
  for (size_t i = 0; i < NINFIX; i++)
    if (table[i].op == n->op && !table[i].swap && (table[i].kind == INFIX_LOGICAL) == logical) return &table[i];
  return NULL;
}
