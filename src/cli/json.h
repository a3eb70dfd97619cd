/* json.h: a minimal streaming JSON writer for --json output (one object per command). Commas and
 * string escaping are handled here; callers state structure only. */
#ifndef VSIMP_CLI_JSON_H
#define VSIMP_CLI_JSON_H

#include <stdbool.h>
#include <stdio.h>

typedef struct {
  FILE *out;
  int depth;
  bool need_comma[32];
} JsonWriter;

void json_init(JsonWriter *w, FILE *out);
void json_begin_object(JsonWriter *w, const char *key); /* key NULL inside arrays / at top level */
void json_end_object(JsonWriter *w);
void json_begin_array(JsonWriter *w, const char *key);
void json_end_array(JsonWriter *w);
void json_string(JsonWriter *w, const char *key, const char *value); /* value NULL prints null */
void json_int(JsonWriter *w, const char *key, long long value);
void json_double(JsonWriter *w, const char *key, double value);
void json_bool(JsonWriter *w, const char *key, bool value);
/* Ends the top-level value with a newline. */
void json_finish(JsonWriter *w);

#endif
