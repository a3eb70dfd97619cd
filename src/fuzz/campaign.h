/* campaign.h: the built-in campaign runner (`vsimp fuzz`, and a short campaign in `vsimp gate`).
 *
 * No fuzzing engine: each worker thread generates inputs from a seeded PRNG (worker j of J takes a
 * stream of its own, so a run with one job is reproducible from its seed), keeps the inputs that reach
 * rarely fired rules and mutates them (bytes, and the IR mutator), runs every input through the oracles
 * (fuzz/oracle.h), and reduces each new finding (fuzz/reduce.h). Findings are deduplicated by signature
 * (kind and the rules that fire in the reduced case). The report carries the statistics, the findings
 * and the rule coverage: per rule, how often it fired, in how many inputs, and how many of those Z3
 * cross-checked.
 *
 * The same runner replays files (corpus entries, crash inputs, regression cases) once each instead of
 * generating inputs. */
#ifndef VSIMP_FUZZ_CAMPAIGN_H
#define VSIMP_FUZZ_CAMPAIGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fuzz/oracle.h"
#include "fuzz/prog_oracle.h"
#include "fuzz/reduce.h"
#include "verify/ci_report.h"

typedef enum { FUZZ_TARGET_EXPR, FUZZ_TARGET_PARSE, FUZZ_TARGET_PROGRAM } FuzzTarget;
const char *fuzz_target_name(FuzzTarget t);
bool fuzz_target_parse(const char *s, FuzzTarget *t);

/* Makes the catalog of one worker (each worker owns one). NULL on failure. */
typedef Catalog *(*CatalogMaker)(void *ud);

typedef struct {
  FuzzTarget target;
  double seconds;     /* stop after this long (0: no time limit) */
  uint64_t max_execs; /* stop after this many inputs (0: no limit; with no time limit either: 60 s) */
  unsigned jobs;      /* worker threads (0: 1) */
  uint64_t seed;
  OracleOptions oracle;
  ProgOracleOptions prog; /* the program target (its smt mode, rate and timeout come from `oracle`) */
  CatalogMaker make_catalog; /* NULL: the built-in catalog and ledger */
  void *catalog_ud;
  bool reduce;
  ReduceOptions reduce_opts;
  unsigned max_findings; /* stop after this many distinct findings (0: no limit) */
  unsigned max_input;    /* longest generated input, bytes (0: 256; the program target: 512) */
  FILE *progress;        /* when set: a progress line (\r-updated) every half second */
  /* Replay: run these files (or every file of these directories) once each, instead of generating.
   * A file whose name ends in .vs is always a text input. */
  const char *const *files;
  size_t nfiles;
  /* An input (with the reduction of what it found) that runs longer than this many seconds is written
   * to crash_dir as timeout-PID-WORKER.input, and the process exits with 1 (0: no limit). A fatal
   * signal writes crash-PID-WORKER.input there (crash_dump.h). crash_dir NULL: the current directory. */
  double input_timeout;
  const char *crash_dir;
} CampaignOptions;

/* The input time limit of `vsimp fuzz` and of the gate's campaigns (seconds). */
enum { CAMPAIGN_INPUT_TIMEOUT = 300 };

typedef struct {
  FuzzTarget target;
  double seconds;
  uint64_t execs;
  FuzzStats stats; /* summed over the workers */
  FuzzFinding *findings; /* distinct, in the order found; `input` holds the raw input */
  size_t nfindings;
  char **finding_origin; /* per finding: the replayed file it came from, or NULL */
  uint64_t duplicates;   /* findings dropped because their signature was known */
  CoverageEntry *cov;    /* summed; names owned by the report */
  size_t ncov;
  size_t files;          /* replay: files run */
  unsigned jobs;
  uint64_t seed;
  SmtMode smt;
  char error[256];       /* campaign_run returned false: why */
} CampaignReport;

/* Runs a campaign. False when it could not start (bad file, no catalog, no memory): see rep->error. */
bool campaign_run(const CampaignOptions *o, CampaignReport *rep);
void campaign_report_free(CampaignReport *rep);

/* The built-in catalog with the embedded ledger (the default CatalogMaker). */
Catalog *fuzz_builtin_catalog(void *ud);

/* Reports. */
void fuzz_report_text(const CampaignReport *rep, FILE *out);
void fuzz_report_json(const CampaignReport *rep, FILE *out);
void fuzz_report_markdown(const CampaignReport *rep, FILE *out);
/* Writes each finding to DIR as `KIND-HASH.vs` (the regression file) and `KIND-HASH.input` (the raw
 * input). False with a message on an I/O error. */
bool fuzz_write_findings(const CampaignReport *rep, const char *dir, char *err, size_t errlen);
/* A finding's file name without extension, `KIND-HASH` (what fuzz_write_findings writes). Returns buf. */
char *fuzz_finding_name(const FuzzFinding *f, char *buf, size_t size);
/* The campaign as CI test cases (verify/ci_report.h): one for the campaign, one failing case per finding,
 * located at its regression file (out_dir/KIND-HASH.vs when the findings are written there, else the
 * replayed file it came from). */
void fuzz_ci_cases(CiReport *ci, const CampaignReport *rep, const char *out_dir);

/* The case an input describes, as .vs text (what a crash input means). NULL if it has none. */
char *fuzz_input_text(const uint8_t *data, size_t size);

#endif
