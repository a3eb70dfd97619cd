/* infix.h: the binary operators of the text formats and their precedence, one table for the expression
 * parser (parse.c), the rule parser's patterns and guards (src/rules/rule_parse.c) and the printer
 * (print.c), so that what prints is what parses back. C's precedence, every operator left-associative
 * (docs/syntax.md). */
#ifndef VSIMP_TEXT_INFIX_H
#define VSIMP_TEXT_INFIX_H

#include <stdbool.h>

#include "ir/node.h"
#include "ir/op.h"
#include "text/lexer.h"

typedef enum {
  INFIX_ARITH,   /* operands and result of one dtype: + - * / // % << >> & ^ | */
  INFIX_CMP,     /* operands of one dtype, a bool result: < <= > >= == != */
  INFIX_LOGICAL, /* bool operands and result: && || (AND, OR at bool) */
} InfixKind;

typedef struct {
  TokKind tok;
  const char *spelling;
  Op op;       /* the op it denotes */
  int prec;    /* 1 (||) to 10 (* / // %); higher binds tighter */
  bool swap;   /* > and >=: the op is LT / LE with the operands swapped */
  InfixKind kind;
} Infix;

/* Precedence of what never needs parentheses (calls, literals, names): above every operator. */
#define INFIX_PREC_ATOM 12

/* The binary operator a token spells, or NULL when it spells none. */
const Infix *infix_of_token(TokKind k);
/* The operator a node prints as (AND and OR at bool as && and ||), or NULL when it prints as a call. */
const Infix *infix_of_node(const Node *n);

#endif
