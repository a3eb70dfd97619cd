/* crash_dump.c: see crash_dump.h. Everything the signal handler calls is async-signal-safe (open,
 * write, close, getpid, sigaction, raise): no stdio, no malloc, so the paths and numbers are formatted
 * by hand. */
#include "fuzz/crash_dump.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static const char *g_dir, *g_target;
static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
enum { NFATAL = sizeof fatal / sizeof fatal[0] };
static struct sigaction g_old[NFATAL];
static volatile sig_atomic_t g_installed;

static _Thread_local const uint8_t *tl_data;
static _Thread_local size_t tl_size;
static _Thread_local unsigned tl_worker;
static _Thread_local bool tl_active;

/* Appends s to buf[*n] (within len, leaving room for the terminator). */
static void cat(char *buf, size_t len, size_t *n, const char *s) {
  while (*s && *n + 1 < len) buf[(*n)++] = *s++;
  buf[*n] = 0;
}

static void cat_u(char *buf, size_t len, size_t *n, unsigned long v) {
  char d[24];
  int k = 0;
  do d[k++] = (char)('0' + v % 10);
  while ((v /= 10) && k < (int)sizeof d);
  char r[24];
  for (int i = 0; i < k; i++) r[i] = d[k - 1 - i];
  r[k] = 0;
  cat(buf, len, n, r);
}

static void say(const char *s) {
  size_t n = strlen(s);
  while (n) {
    ssize_t w = write(STDERR_FILENO, s, n);
    if (w <= 0) return;
    s += w;
    n -= (size_t)w;
  }
}

bool crash_dump_write(const char *kind, unsigned worker, const uint8_t *data, size_t size, char *path, size_t len) {
  size_t n = 0;
  path[0] = 0;
  cat(path, len, &n, g_dir && *g_dir ? g_dir : ".");
  cat(path, len, &n, "/");
  cat(path, len, &n, kind);
  cat(path, len, &n, "-");
  cat_u(path, len, &n, (unsigned long)getpid());
  cat(path, len, &n, "-");
  cat_u(path, len, &n, worker);
  cat(path, len, &n, ".input");
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return false;
  bool ok = true;
  while (ok && size) {
    ssize_t w = write(fd, data, size);
    ok = w > 0;
    if (ok) {
      data += w;
      size -= (size_t)w;
    }
  }
  return close(fd) == 0 && ok;
}

static void on_fatal(int sig) {
  if (tl_active) {
    char path[512], msg[800];
    size_t n = 0;
    tl_active = false; /* a fault while writing must not loop */
    if (crash_dump_write("crash", tl_worker, tl_data, tl_size, path, sizeof path)) {
      cat(msg, sizeof msg, &n, "vsimp fuzz: fatal signal ");
      cat_u(msg, sizeof msg, &n, (unsigned long)sig);
      cat(msg, sizeof msg, &n, " in worker ");
      cat_u(msg, sizeof msg, &n, tl_worker);
      cat(msg, sizeof msg, &n, ": its input is ");
      cat(msg, sizeof msg, &n, path);
      cat(msg, sizeof msg, &n, " (replay: vsimp fuzz --target ");
      cat(msg, sizeof msg, &n, g_target ? g_target : "expr");
      cat(msg, sizeof msg, &n, " ");
      cat(msg, sizeof msg, &n, path);
      cat(msg, sizeof msg, &n, ")\n");
      say(msg);
    }
  }
  /* The handler that was there before (a sanitizer's, or the default action) takes it from here. */
  for (int i = 0; i < NFATAL; i++)
    if (fatal[i] == sig) sigaction(sig, &g_old[i], NULL);
  raise(sig);
}

void crash_dump_install(const char *dir, const char *target) {
  g_dir = dir;
  g_target = target;
  if (g_installed) return;
  g_installed = 1;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_fatal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_NODEFER;
  for (int i = 0; i < NFATAL; i++) sigaction(fatal[i], &sa, &g_old[i]);
}

void crash_dump_current(const uint8_t *data, size_t size, unsigned worker) {
  tl_data = data;
  tl_size = size;
  tl_worker = worker;
  tl_active = data != NULL;
}
