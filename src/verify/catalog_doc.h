/* catalog_doc.h: the catalog as people read it: which instances of a rule are proved, and
 * docs/catalog.md (`vsimp rules list --markdown`, `make docs`), generated from the rule files and the
 * ledger. */
#ifndef VSIMP_VERIFY_CATALOG_DOC_H
#define VSIMP_VERIFY_CATALOG_DOC_H

#include <stddef.h>

#include "rules/catalog.h"

/* The proved instances of r as a compact list ("i8 i16 i32 ... (+3 more) [9 of 12 admissible]", or
 * "none") into buf; *nadm and *nproved (when not NULL) get the counts of admissible and proved
 * instances. */
void rule_proof_summary(const Rule *r, char *buf, size_t size, size_t *nadm, size_t *nproved);

/* docs/catalog.md for cat (malloc'd), or NULL when out of memory. */
char *catalog_markdown(const Catalog *cat);

#endif
