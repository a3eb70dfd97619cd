/* ci_report.h: reports for continuous integration: JUnit XML and SARIF 2.1.0.
 *
 * A CiReport is a list of test cases (one per rule instance, gate stage or fuzz finding), each with an
 * outcome, a message and a detail (a counterexample), and optionally a place in a file. The JUnit
 * writer groups them into one <testsuite> per suite name: a failed case is <failure>, an internal
 * error <error>, an undecided one (an `unknown` proof) <skipped>. The SARIF writer emits one result
 * per case that has a SARIF rule id (failures, warnings, notes), located at its file and line: a
 * refuted rule at its line in the rules file, a fuzz finding at its regression file. Cases are
 * grouped by `group` (a rule's name): one result per group and rule id, the first case's detail
 * carrying the counterexample and the others listed. */
#ifndef VSIMP_VERIFY_CI_REPORT_H
#define VSIMP_VERIFY_CI_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "verify/verify_run.h"

typedef enum { CI_PASS, CI_FAIL, CI_ERROR, CI_SKIP } CiOutcome;
typedef enum { CI_LEVEL_NONE, CI_LEVEL_NOTE, CI_LEVEL_WARNING, CI_LEVEL_ERROR } CiLevel;

typedef struct {
  char *suite;   /* the <testsuite> it belongs to: a rule family, a gate, a campaign */
  char *name;    /* the test case: "add_zero at i32", "stage rules", "finding concrete-1234abcd" */
  char *group;   /* SARIF: cases of one group and rule id make one result (a rule's name), or NULL */
  CiOutcome outcome;
  double seconds;
  char *message; /* one line, or NULL */
  char *detail;  /* several lines (a counterexample case), or NULL */
  char *file;    /* where it is (a rules file, a regression file), or NULL */
  int line;      /* 1-based, 0: the whole file */
  const char *sarif_rule; /* a static id of ci_sarif_rules (NULL: not a SARIF result) */
  CiLevel level;
} CiCase;

typedef struct {
  const char *title; /* "vsimp rules verify", "vsimp gate", "vsimp fuzz" */
  CiCase *cases;
  size_t n, cap;
  bool oom;
} CiReport;

void ci_report_init(CiReport *r, const char *title);
void ci_report_free(CiReport *r);
/* Adds a case (every string is copied; NULLs stay NULL). */
void ci_add(CiReport *r, const char *suite, const char *name, CiOutcome outcome, double seconds, const char *message,
            const char *detail);
/* The last case added: set its place, its SARIF rule and level, its group. */
void ci_locate(CiReport *r, const char *file, int line, const char *group, const char *sarif_rule, CiLevel level);

/* The SARIF rules (reportingDescriptor ids) vsimp reports. */
#define CI_RULE_REFUTED "vsimp.rule.refuted"
#define CI_RULE_UNKNOWN "vsimp.rule.unknown"
#define CI_RULE_ERROR "vsimp.rule.error"
#define CI_RULE_LOOP "vsimp.rule.may-loop"
#define CI_RULE_VACUOUS "vsimp.rule.vacuous"
#define CI_RULE_STAGE "vsimp.gate.stage-failed"
#define CI_RULE_FINDING "vsimp.fuzz.finding"

/* One case per item of a `rules verify` report (suite: the rule's family; name: "RULE at INSTANCE"):
 * proved passes, refuted fails (with the counterexample), unknown is skipped, error is an error. */
void ci_add_verify(CiReport *r, const VerifyReport *rep);

/* Writes the report; false on an I/O error or when the report ran out of memory. */
bool ci_write_junit(const CiReport *r, FILE *out);
bool ci_write_sarif(const CiReport *r, FILE *out);
/* Writes to a file path (the report written whole, then renamed into place). */
bool ci_write_junit_file(const CiReport *r, const char *path);
bool ci_write_sarif_file(const CiReport *r, const char *path);

#endif
