/* cvc5 as a process (cvc5.h). */
#include "smt/cvc5.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ir/timer.h"

extern char **environ;

/* ---- the version, once ---- */

static pthread_once_t version_once = PTHREAD_ONCE_INIT;
static char version_buf[32];

/* Runs argv and reads up to size - 1 bytes of its standard output; false if it cannot run or fails. */
static bool run_capture(char *const argv[], char *buf, size_t size);

static void version_probe(void) {
  char out[512];
  char *argv[] = {"cvc5", "--version", NULL};
  if (!run_capture(argv, out, sizeof out)) return;
  /* "This is cvc5 version 1.0.3 ..." */
  const char *v = strstr(out, "version ");
  if (!v) return;
  v += 8;
  size_t n = 0;
  while (v[n] && v[n] != ' ' && v[n] != '\n' && v[n] != '[' && n + 1 < sizeof version_buf) n++;
  memcpy(version_buf, v, n);
  version_buf[n] = 0;
}

const char *cvc5_version(void) {
  pthread_once(&version_once, version_probe);
  return version_buf[0] ? version_buf : NULL;
}

/* ---- spawning ---- */

/* Pipes and spawns are made under one lock, so that no child started by another thread inherits the
 * write end of our pipe before it is marked close-on-exec (the reader would then wait for that child). */
static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;

static bool spawn_with_pipe(char *const argv[], pid_t *pid, int *rfd) {
  int p[2];
  bool ok = false;
  pthread_mutex_lock(&spawn_lock);
  if (pipe(p) == 0) {
    fcntl(p[0], F_SETFD, FD_CLOEXEC);
    fcntl(p[1], F_SETFD, FD_CLOEXEC);
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa) == 0) {
      /* dup2 clears close-on-exec on the copies the child keeps. */
      posix_spawn_file_actions_adddup2(&fa, p[1], 1);
      posix_spawn_file_actions_adddup2(&fa, p[1], 2);
      posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
      ok = posix_spawnp(pid, argv[0], &fa, NULL, argv, environ) == 0;
      posix_spawn_file_actions_destroy(&fa);
    }
    close(p[1]);
    if (ok) *rfd = p[0];
    else close(p[0]);
  }
  pthread_mutex_unlock(&spawn_lock);
  return ok;
}

/* Reads fd to its end into a growing buffer (NUL-terminated, malloc'd; NULL when out of memory). */
static char *read_all_fd(int fd, size_t limit) {
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  if (!buf) return NULL;
  for (;;) {
    if (n + 1 == cap) {
      if (cap >= limit) { /* keep draining, drop the rest */
        char sink[4096];
        ssize_t k = read(fd, sink, sizeof sink);
        if (k > 0 || (k < 0 && errno == EINTR)) continue;
        break;
      }
      char *nb = realloc(buf, cap * 2);
      if (!nb) {
        free(buf);
        return NULL;
      }
      buf = nb;
      cap *= 2;
    }
    ssize_t k = read(fd, buf + n, cap - 1 - n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    n += (size_t)k;
  }
  buf[n] = 0;
  return buf;
}

static bool run_capture(char *const argv[], char *buf, size_t size) {
  pid_t pid;
  int fd;
  if (!spawn_with_pipe(argv, &pid, &fd)) return false;
  char *out = read_all_fd(fd, 1 << 16);
  close(fd);
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  bool ok = out && WIFEXITED(st) && WEXITSTATUS(st) == 0;
  if (out) snprintf(buf, size, "%s", out);
  free(out);
  return ok;
}

bool cvc5_start(Cvc5Job *j, const char *text, unsigned timeout_ms, char *why, size_t whylen) {
  memset(j, 0, sizeof *j);
  j->pid = -1;
  j->fd = -1;
  j->t0 = vs_seconds();
  const char *tmp = getenv("TMPDIR");
  snprintf(j->path, sizeof j->path, "%s/vsimp-cvc5-XXXXXX", tmp && *tmp && strlen(tmp) < 32 ? tmp : "/tmp");
  int fd = mkstemp(j->path);
  if (fd < 0) {
    snprintf(why, whylen, "cvc5: cannot write a query file");
    j->path[0] = 0;
    return false;
  }
  size_t len = strlen(text);
  bool ok = true;
  for (size_t off = 0; ok && off < len;) {
    ssize_t k = write(fd, text + off, len - off);
    if (k < 0 && errno == EINTR) continue;
    ok = k > 0;
    if (ok) off += (size_t)k;
  }
  if (close(fd) != 0 || !ok) {
    snprintf(why, whylen, "cvc5: cannot write a query file");
    unlink(j->path);
    j->path[0] = 0;
    return false;
  }
  char tl[48];
  snprintf(tl, sizeof tl, "--tlimit=%u", timeout_ms);
  char *argv[8];
  int a = 0;
  argv[a++] = "cvc5";
  argv[a++] = "--lang=smt2";
  argv[a++] = "--fp-exp"; /* floats of every size (f16), not only Float32 and Float64 */
  if (timeout_ms) argv[a++] = tl;
  argv[a++] = j->path;
  argv[a] = NULL;
  if (!spawn_with_pipe(argv, &j->pid, &j->fd)) {
    snprintf(why, whylen, "cvc5: cannot run it (is the Debian package cvc5 installed?)");
    unlink(j->path);
    j->path[0] = 0;
    j->pid = -1;
    return false;
  }
  return true;
}

void cvc5_kill(Cvc5Job *j) {
  if (j->pid > 0) kill(j->pid, SIGKILL);
}

char *cvc5_read(Cvc5Job *j) {
  char *text = j->fd >= 0 ? read_all_fd(j->fd, 1 << 22) : NULL;
  if (j->fd >= 0) close(j->fd);
  j->fd = -1;
  return text;
}

void cvc5_finish(Cvc5Job *j, Cvc5Answer *out) { cvc5_reap(j, cvc5_read(j), out); }

void cvc5_reap(Cvc5Job *j, char *text, Cvc5Answer *out) {
  memset(out, 0, sizeof *out);
  out->answer = CVC5_UNKNOWN;
  int st = 0;
  if (j->pid > 0)
    while (waitpid(j->pid, &st, 0) < 0 && errno == EINTR) {
    }
  /* VSIMP_CVC5_KEEP=1 keeps the query files (a debugging aid: `cvc5 FILE` reruns one). */
  const char *keep = getenv("VSIMP_CVC5_KEEP");
  if (j->path[0] && !(keep && *keep == '1')) unlink(j->path);
  if (text) cvc5_parse(text, out);
  else snprintf(out->why, sizeof out->why, "cvc5: no output");
  if (out->answer == CVC5_UNKNOWN && !out->why[0]) {
    if (j->pid > 0 && WIFSIGNALED(st)) snprintf(out->why, sizeof out->why, "cvc5: stopped (time limit)");
    else snprintf(out->why, sizeof out->why, "cvc5: unknown");
  }
  free(text);
  out->seconds = vs_seconds() - j->t0;
  j->pid = -1;
  j->fd = -1;
  j->path[0] = 0;
}

void cvc5_answer_free(Cvc5Answer *a) {
  free(a->values);
  a->values = NULL;
  a->nvalues = 0;
}

/* ---- parsing the answer ---- */

typedef struct {
  const char *p;
} Lex;

enum { T_END, T_OPEN, T_CLOSE, T_ATOM };

static int next_tok(Lex *l, const char **s, size_t *n) {
  for (;;) {
    while (*l->p == ' ' || *l->p == '\n' || *l->p == '\t' || *l->p == '\r') l->p++;
    if (*l->p == ';') { /* a comment */
      while (*l->p && *l->p != '\n') l->p++;
      continue;
    }
    break;
  }
  if (!*l->p) return T_END;
  if (*l->p == '(') {
    l->p++;
    return T_OPEN;
  }
  if (*l->p == ')') {
    l->p++;
    return T_CLOSE;
  }
  const char *b = l->p;
  if (*l->p == '|') {
    l->p++;
    while (*l->p && *l->p != '|') l->p++;
    if (*l->p) l->p++;
  } else if (*l->p == '"') {
    l->p++;
    while (*l->p && *l->p != '"') l->p++;
    if (*l->p) l->p++;
  } else {
    while (*l->p && *l->p != ' ' && *l->p != '\n' && *l->p != '\t' && *l->p != '\r' && *l->p != '(' && *l->p != ')')
      l->p++;
  }
  *s = b;
  *n = (size_t)(l->p - b);
  return T_ATOM;
}

static bool atom_is(const char *s, size_t n, const char *w) { return strlen(w) == n && !strncmp(s, w, n); }

/* A #b or #x literal into words (bit 0 lowest); its width into *width. */
static bool bv_literal(const char *s, size_t n, uint64_t *words, unsigned *width) {
  if (n < 3 || s[0] != '#' || (s[1] != 'b' && s[1] != 'x')) return false;
  unsigned per = s[1] == 'b' ? 1 : 4;
  size_t digits = n - 2;
  if (digits * per > 64u * CVC5_MAX_WORDS) return false;
  memset(words, 0, CVC5_MAX_WORDS * sizeof *words);
  for (size_t i = 0; i < digits; i++) {
    char c = s[n - 1 - i];
    unsigned d;
    if (c >= '0' && c <= '9') d = (unsigned)(c - '0');
    else if (c >= 'a' && c <= 'f') d = (unsigned)(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') d = (unsigned)(c - 'A' + 10);
    else return false;
    if (d >= (1u << per)) return false;
    size_t bit = i * per;
    words[bit / 64] |= (uint64_t)d << (bit % 64);
  }
  *width = (unsigned)(digits * per);
  return true;
}

static bool parse_uint(const char *s, size_t n, unsigned *out) {
  unsigned v = 0;
  if (!n || n > 4) return false;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (unsigned)(s[i] - '0');
  }
  *out = v;
  return true;
}

/* The value after the name: an atom (#b, #x, true, false) or (fp s e m) or (_ +zero eb sb) and kin.
 * At most 64 bits for a float. */
static bool parse_value(Lex *l, Cvc5Value *v) {
  const char *s;
  size_t n;
  int t = next_tok(l, &s, &n);
  if (t == T_ATOM) {
    if (atom_is(s, n, "true") || atom_is(s, n, "false")) {
      memset(v->words, 0, sizeof v->words);
      v->words[0] = atom_is(s, n, "true");
      v->width = 1;
      return true;
    }
    return bv_literal(s, n, v->words, &v->width);
  }
  if (t != T_OPEN || next_tok(l, &s, &n) != T_ATOM) return false;
  memset(v->words, 0, sizeof v->words);
  v->is_fp = true;
  if (atom_is(s, n, "fp")) {
    uint64_t w[3][CVC5_MAX_WORDS];
    unsigned wd[3];
    for (int k = 0; k < 3; k++)
      if (next_tok(l, &s, &n) != T_ATOM || !bv_literal(s, n, w[k], &wd[k]) || wd[k] > 63) return false;
    unsigned total = wd[0] + wd[1] + wd[2];
    if (wd[0] != 1 || total > 64) return false;
    v->words[0] = w[0][0] << (wd[1] + wd[2]) | w[1][0] << wd[2] | w[2][0];
    v->width = total;
    return next_tok(l, &s, &n) == T_CLOSE;
  }
  if (!atom_is(s, n, "_") || next_tok(l, &s, &n) != T_ATOM) return false;
  const char *kind = s;
  size_t kn = n;
  unsigned eb, sb;
  if (next_tok(l, &s, &n) != T_ATOM || !parse_uint(s, n, &eb) || next_tok(l, &s, &n) != T_ATOM ||
      !parse_uint(s, n, &sb) || eb < 2 || sb < 2 || eb + sb > 64 || next_tok(l, &s, &n) != T_CLOSE)
    return false;
  unsigned mb = sb - 1; /* stored significand bits */
  uint64_t sign = (uint64_t)1 << (eb + mb), expall = (((uint64_t)1 << eb) - 1) << mb;
  v->width = eb + sb;
  if (atom_is(kind, kn, "+zero")) v->words[0] = 0;
  else if (atom_is(kind, kn, "-zero")) v->words[0] = sign;
  else if (atom_is(kind, kn, "+oo")) v->words[0] = expall;
  else if (atom_is(kind, kn, "-oo")) v->words[0] = sign | expall;
  else if (atom_is(kind, kn, "NaN")) v->words[0] = expall | (uint64_t)1 << (mb - 1);
  else return false;
  return true;
}

/* ((name value) (name value) ...) */
static void parse_values(Lex *l, Cvc5Answer *out) {
  const char *s;
  size_t n;
  if (next_tok(l, &s, &n) != T_OPEN) return;
  size_t cap = 0;
  for (;;) {
    int t = next_tok(l, &s, &n);
    if (t != T_OPEN) return;
    if (next_tok(l, &s, &n) != T_ATOM) return;
    if (out->nvalues == cap) {
      cap = cap ? cap * 2 : 8;
      Cvc5Value *nv = realloc(out->values, cap * sizeof *nv);
      if (!nv) return;
      out->values = nv;
    }
    Cvc5Value *v = &out->values[out->nvalues];
    memset(v, 0, sizeof *v);
    if (n >= 2 && s[0] == '|') { /* a quoted symbol */
      s++;
      n -= 2;
    }
    if (n >= sizeof v->name) return;
    memcpy(v->name, s, n);
    v->name[n] = 0;
    if (!parse_value(l, v) || next_tok(l, &s, &n) != T_CLOSE) return;
    out->nvalues++;
  }
}

void cvc5_parse(const char *text, Cvc5Answer *out) {
  out->answer = CVC5_UNKNOWN;
  Lex l = {text};
  const char *s;
  size_t n;
  int t;
  while ((t = next_tok(&l, &s, &n)) != T_END) {
    if (t == T_ATOM && (atom_is(s, n, "sat") || atom_is(s, n, "unsat") || atom_is(s, n, "unknown"))) {
      out->answer = atom_is(s, n, "sat") ? CVC5_SAT : atom_is(s, n, "unsat") ? CVC5_UNSAT : CVC5_UNKNOWN;
      if (out->answer == CVC5_SAT) parse_values(&l, out);
      return;
    }
    if (t == T_OPEN) {
      /* (error "...") before any answer: a parse or logic error */
      const char *b = l.p;
      if (next_tok(&l, &s, &n) == T_ATOM && atom_is(s, n, "error")) {
        const char *msg = l.p;
        while (*msg == ' ') msg++;
        size_t k = strcspn(msg, "\n");
        snprintf(out->why, sizeof out->why, "cvc5: error: %.*s", (int)(k > 120 ? 120 : k), msg);
        return;
      }
      l.p = b;
      continue;
    }
    /* anything else (a warning line): skip to the end of the line */
    while (*l.p && *l.p != '\n') l.p++;
  }
  if (!out->why[0]) {
    /* "cvc5 interrupted by timeout." and the like */
    size_t k = strcspn(text, "\n");
    if (strstr(text, "timeout")) snprintf(out->why, sizeof out->why, "cvc5: timeout");
    else if (k) snprintf(out->why, sizeof out->why, "cvc5: %.*s", (int)(k > 120 ? 120 : k), text);
  }
}
