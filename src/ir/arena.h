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
/* As arena_alloc, aligned to 8 bytes only. */
void *arena_alloc8(Arena *a, size_t size);
char *arena_strndup(Arena *a, const char *s, size_t len);
void arena_free(Arena *a);

#endif
