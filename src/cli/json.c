#include "cli/json.h"

static void put_escaped(FILE *out, const char *s) {
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    switch (*p) {
    case '"': fputs("\\\"", out); break;
    case '\\': fputs("\\\\", out); break;
    case '\n': fputs("\\n", out); break;
    case '\t': fputs("\\t", out); break;
    case '\r': fputs("\\r", out); break;
    default:
      if (*p < 0x20 || *p >= 0x7f) fprintf(out, "\\u%04x", *p);
      else fputc(*p, out);
    }
  }
  fputc('"', out);
}

static void prefix(JsonWriter *w, const char *key) {
  if (w->depth > 0 && w->need_comma[w->depth]) fputc(',', w->out);
  if (w->depth > 0) w->need_comma[w->depth] = true;
  if (key) {
    put_escaped(w->out, key);
    fputc(':', w->out);
  }
}

void json_init(JsonWriter *w, FILE *out) {
  w->out = out;
  w->depth = 0;
  for (int i = 0; i < 32; i++) w->need_comma[i] = false;
}

static void open_scope(JsonWriter *w, const char *key, char c) {
  prefix(w, key);
  fputc(c, w->out);
  if (w->depth < 31) w->depth++;
  w->need_comma[w->depth] = false;
}

static void close_scope(JsonWriter *w, char c) {
  fputc(c, w->out);
  if (w->depth > 0) w->depth--;
}

void json_begin_object(JsonWriter *w, const char *key) { open_scope(w, key, '{'); }
void json_end_object(JsonWriter *w) { close_scope(w, '}'); }
void json_begin_array(JsonWriter *w, const char *key) { open_scope(w, key, '['); }
void json_end_array(JsonWriter *w) { close_scope(w, ']'); }

void json_string(JsonWriter *w, const char *key, const char *value) {
  prefix(w, key);
  if (value) put_escaped(w->out, value);
  else fputs("null", w->out);
}

void json_int(JsonWriter *w, const char *key, long long value) {
  prefix(w, key);
  fprintf(w->out, "%lld", value);
}

void json_double(JsonWriter *w, const char *key, double value) {
  prefix(w, key);
  fprintf(w->out, "%.6g", value);
}

void json_bool(JsonWriter *w, const char *key, bool value) {
  prefix(w, key);
  fputs(value ? "true" : "false", w->out);
}

void json_finish(JsonWriter *w) { fputc('\n', w->out); }
