/* JSON (RFC 8259) read into a tree and written back compactly. Strings
 * keep \u escapes of the BMP as UTF-8; nesting is bounded so that a
 * hostile file cannot exhaust the stack. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "match_json.h"

enum { JSON_MAX_DEPTH = 64 };

typedef struct {
    const char *s, *start;
    char *err;
    size_t errlen;
    bool failed;
} Reader;

static Json *fail_at(Reader *r, const char *what) {
    if (!r->failed) snprintf(r->err, r->errlen, "%s at byte %ld", what, (long)(r->s - r->start));
    r->failed = true;
    return NULL;
}

static void skip_space(Reader *r) {
    while (*r->s == ' ' || *r->s == '\t' || *r->s == '\n' || *r->s == '\r') r->s++;
}

static Json *new_value(JsonType t) {
    Json *j = calloc(1, sizeof *j);
    if (j) j->type = t;
    return j;
}

static bool push(Json *j, char *key, Json *item) {
    if (j->n == j->cap) {
        int cap = j->cap ? 2 * j->cap : 8;
        Json **items = realloc(j->items, sizeof *items * (size_t)cap);
        if (!items) return false;
        j->items = items;
        if (j->type == JSON_OBJECT) {
            char **keys = realloc(j->keys, sizeof *keys * (size_t)cap);
            if (!keys) return false;
            j->keys = keys;
        }
        j->cap = cap;
    }
    if (j->type == JSON_OBJECT) j->keys[j->n] = key;
    j->items[j->n++] = item;
    return true;
}

static void put_utf8(char **o, unsigned cp) {
    if (cp < 0x80) *(*o)++ = (char)cp;
    else if (cp < 0x800) *(*o)++ = (char)(0xC0 | cp >> 6), *(*o)++ = (char)(0x80 | (cp & 0x3F));
    else {
        *(*o)++ = (char)(0xE0 | cp >> 12);
        *(*o)++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *(*o)++ = (char)(0x80 | (cp & 0x3F));
    }
}

static char *read_string(Reader *r) {
    if (*r->s != '"') return fail_at(r, "expected a string"), NULL;
    const char *p = ++r->s;
    size_t len = 0;
    while (p[len] && p[len] != '"') len += p[len] == '\\' && p[len + 1] ? 2 : 1;
    if (!p[len]) return fail_at(r, "unterminated string"), NULL;
    char *out = malloc(len * 3 + 1), *o = out;
    if (!out) return fail_at(r, "out of memory"), NULL;
    static const char esc_in[] = "\"\\/bfnrt", esc_out[] = "\"\\/\b\f\n\r\t";
    while (*r->s != '"') {
        char c = *r->s++;
        if ((unsigned char)c < 0x20) return free(out), fail_at(r, "control character in a string"), NULL;
        if (c != '\\') {
            *o++ = c;
            continue;
        }
        const char *e = strchr(esc_in, *r->s);
        if (*r->s && e) *o++ = esc_out[e - esc_in], r->s++;
        else if (*r->s == 'u' && isxdigit((unsigned char)r->s[1]) && isxdigit((unsigned char)r->s[2]) &&
                 isxdigit((unsigned char)r->s[3]) && isxdigit((unsigned char)r->s[4])) {
            char hex[5] = {r->s[1], r->s[2], r->s[3], r->s[4], 0};
            put_utf8(&o, (unsigned)strtoul(hex, NULL, 16));
            r->s += 5;
        } else return free(out), fail_at(r, "bad escape in a string"), NULL;
    }
    r->s++;
    *o = 0;
    return out;
}

static Json *read_value(Reader *r, int depth);

static Json *read_container(Reader *r, int depth, bool object) {
    Json *j = new_value(object ? JSON_OBJECT : JSON_ARRAY);
    if (!j) return fail_at(r, "out of memory");
    r->s++;
    skip_space(r);
    char close = object ? '}' : ']';
    if (*r->s == close) return r->s++, j;
    for (;;) {
        char *key = NULL;
        skip_space(r);
        if (object) {
            if (!(key = read_string(r))) break;
            skip_space(r);
            if (*r->s++ != ':') {
                free(key), fail_at(r, "expected ':'");
                break;
            }
        }
        Json *item = read_value(r, depth + 1);
        if (!item || !push(j, key, item)) {
            free(key), json_free(item), fail_at(r, "out of memory");
            break;
        }
        skip_space(r);
        if (*r->s == ',') {
            r->s++;
            continue;
        }
        if (*r->s == close) return r->s++, j;
        fail_at(r, object ? "expected ',' or '}'" : "expected ',' or ']'");
        break;
    }
    json_free(j);
    return NULL;
}

static Json *read_number(Reader *r) {
    const char *p = r->s;
    if (*p == '-') p++;
    if (!isdigit((unsigned char)*p)) return fail_at(r, "unexpected character");
    char *end;
    Json *j = new_value(JSON_NUMBER);
    if (!j) return fail_at(r, "out of memory");
    j->number = strtod(r->s, &end);
    r->s = end;
    return j;
}

static Json *read_word(Reader *r, const char *word, JsonType t, bool b) {
    size_t n = strlen(word);
    if (strncmp(r->s, word, n)) return fail_at(r, "unexpected character");
    r->s += n;
    Json *j = new_value(t);
    if (!j) return fail_at(r, "out of memory");
    j->boolean = b;
    return j;
}

static Json *read_value(Reader *r, int depth) {
    if (depth > JSON_MAX_DEPTH) return fail_at(r, "nested too deep");
    skip_space(r);
    switch (*r->s) {
    case '{': return read_container(r, depth, true);
    case '[': return read_container(r, depth, false);
    case '"': {
        char *s = read_string(r);
        Json *j = s ? new_value(JSON_STRING) : NULL;
        if (j) j->string = s;
        else free(s);
        return j ? j : fail_at(r, "bad string");
    }
    case 't': return read_word(r, "true", JSON_BOOL, true);
    case 'f': return read_word(r, "false", JSON_BOOL, false);
    case 'n': return read_word(r, "null", JSON_NULL, false);
    default: return read_number(r);
    }
}

Json *json_parse(const char *text, char *err, size_t errlen) {
    Reader r = {text, text, err, errlen, false};
    Json *j = read_value(&r, 0);
    skip_space(&r);
    if (j && *r.s) {
        json_free(j);
        return fail_at(&r, "text after the value");
    }
    return j;
}

void json_free(Json *j) {
    if (!j) return;
    for (int i = 0; i < j->n; i++) {
        json_free(j->items[i]);
        if (j->keys) free(j->keys[i]);
    }
    free(j->items), free(j->keys), free(j->string), free(j);
}

const Json *json_get(const Json *j, const char *key) {
    if (!j || j->type != JSON_OBJECT) return NULL;
    for (int i = 0; i < j->n; i++)
        if (!strcmp(j->keys[i], key)) return j->items[i];
    return NULL;
}

const char *json_get_string(const Json *j, const char *key, const char *fallback) {
    const Json *v = json_get(j, key);
    return v && v->type == JSON_STRING ? v->string : fallback;
}

double json_get_number(const Json *j, const char *key, double fallback) {
    const Json *v = json_get(j, key);
    return v && v->type == JSON_NUMBER ? v->number : fallback;
}

void json_write_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c == '\n') fputs("\\n", f);
        else if (c == '\t') fputs("\\t", f);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

static void write_value(FILE *f, const Json *j) {
    switch (j->type) {
    case JSON_NULL: fputs("null", f); break;
    case JSON_BOOL: fputs(j->boolean ? "true" : "false", f); break;
    case JSON_NUMBER: fprintf(f, "%.17g", j->number); break;
    case JSON_STRING: json_write_string(f, j->string); break;
    case JSON_ARRAY:
    case JSON_OBJECT:
        fputc(j->type == JSON_ARRAY ? '[' : '{', f);
        for (int i = 0; i < j->n; i++) {
            if (i) fputc(',', f);
            if (j->type == JSON_OBJECT) json_write_string(f, j->keys[i]), fputc(':', f);
            write_value(f, j->items[i]);
        }
        fputc(j->type == JSON_ARRAY ? ']' : '}', f);
        break;
    }
}

char *json_text(const Json *j) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    if (j) write_value(f, j);
    fclose(f);
    return buf;
}
