/* A small JSON reader and writer for the match's results files: the
 * runner reads back its own files (resume) and its shards' (merge), so it
 * needs no more than the standard's values, kept as a tree. */
#ifndef RATNIK_MATCH_JSON_H
#define RATNIK_MATCH_JSON_H

#include <stdbool.h>
#include <stdio.h>

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } JsonType;

typedef struct Json Json;
struct Json {
    JsonType type;
    bool boolean;
    double number;
    char *string;
    Json **items;  /* array elements or object values */
    char **keys;   /* object keys, in file order */
    int n, cap;
};

/* The whole text as one value; NULL with the reason and its byte offset in err. */
Json *json_parse(const char *text, char *err, size_t errlen);
void json_free(Json *j);
/* A member of an object, NULL when j is not an object or has no such key. */
const Json *json_get(const Json *j, const char *key);
/* Typed members, with a fallback when missing or of another type. */
const char *json_get_string(const Json *j, const char *key, const char *fallback);
double json_get_number(const Json *j, const char *key, double fallback);
/* The value written compactly, keys in file order: two trees are the same
 * value when these texts are equal. The caller frees it. */
char *json_text(const Json *j);
/* A string literal with JSON escapes. */
void json_write_string(FILE *f, const char *s);

#endif
