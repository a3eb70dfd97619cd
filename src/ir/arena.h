/* arena.h: bump allocation from chunks that are freed all at once. */
#ifndef VSIMP_IR_ARENA_H
#define VSIMP_IR_ARENA_H

#include <stddef.h>

typedef struct ArenaChunk ArenaChunk;
typedef struct {
  ArenaChunk *chunks;
  size_t bytes; /* total bytes reserved from malloc */
} Arena;

/* Zero-initialised memory aligned to 16 bytes, or NULL when malloc fails. */
void *arena_alloc(Arena *a, size_t size);
/* As arena_alloc, aligned to 8 bytes only and not zeroed: the caller writes every byte (the nodes of a
 * context, node.c). Inline: a context allocates a node for every node it builds. */
struct ArenaChunk {
  ArenaChunk *next;
  size_t used, cap;
  _Alignas(16) unsigned char data[];
};
static inline void *arena_alloc8(Arena *a, size_t size) {
  size = (size + 7) & ~(size_t)7;
  ArenaChunk *c = a->chunks;
  if (c && c->cap - c->used >= size) {
    void *p = c->data + c->used;
    c->used += size;
    return p;
  }
  return arena_alloc(a, size);
}
char *arena_strndup(Arena *a, const char *s, size_t len);
void arena_free(Arena *a);

#endif
