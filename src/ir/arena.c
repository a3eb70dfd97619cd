#include "ir/arena.h"

#include <stdlib.h>
#include <string.h>


enum { ARENA_CHUNK = 1 << 16 };

void *arena_alloc(Arena *a, size_t size) {
  size = (size + 15) & ~(size_t)15;
  ArenaChunk *c = a->chunks;
  if (!c || c->cap - c->used < size) {
    size_t cap = size > ARENA_CHUNK ? size : ARENA_CHUNK;
    c = malloc(sizeof(ArenaChunk) + cap);
    if (!c) return NULL;
    c->next = a->chunks;
    c->used = 0;
    c->cap = cap;
    a->chunks = c;
    a->bytes += sizeof(ArenaChunk) + cap;
  }
  void *p = c->data + c->used;
  c->used += size;
  memset(p, 0, size);
  return p;
}

char *arena_strndup(Arena *a, const char *s, size_t len) {
  char *p = arena_alloc(a, len + 1);
  if (p) memcpy(p, s, len);
  return p;
}

void arena_free(Arena *a) {
  for (ArenaChunk *c = a->chunks, *next; c; c = next) {
    next = c->next;
    free(c);
  }
  a->chunks = NULL;
  a->bytes = 0;
}
