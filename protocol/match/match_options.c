/* The -engine option.NAME=VALUE settings checked against the options the
 * engine itself declares at the handshake (UCI `option name ... type ...`
 * lines, CECP `feature option="NAME -TYPE ..."`): a setting the engine
 * does not have, or a value it does not take, stops the engine's start
 * with the reason, rather than leaving the engine to ignore it silently. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "match.h"

/* The index of the setting called `name`, or -1. UCI names are
 * case-insensitive; CECP's are compared the same way. */
static int setting_index(const MatchPlayer *pl, const char *name, size_t len) {
    for (int i = 0; i < pl->spec->nopts; i++)
        if (strlen(pl->spec->opt_name[i]) == len && !strncasecmp(pl->spec->opt_name[i], name, len)) return i;
    return -1;
}

static bool whole_integer(const char *s, long long *out) {
    char *end;
    const char *d = *s == '-' ? s + 1 : s;
    if (*d < '0' || *d > '9') return false;
    *out = strtoll(s, &end, 10);
    return !*end;
}

static void refuse(MatchPlayer *pl, int i, const char *fmt, const char *detail) {
    char why[160];
    snprintf(why, sizeof why, fmt, detail);
    snprintf(pl->option_error, sizeof pl->option_error, "option.%.40s=%.40s: %.100s", pl->spec->opt_name[i],
             pl->spec->opt_value[i], why);
}

/* A spin's "min max" (UCI) or "default min max" (CECP) against the value. */
static void check_range(MatchPlayer *pl, int i, long long lo, long long hi) {
    long long v;
    char range[96];
    snprintf(range, sizeof range, "%lld to %lld", lo, hi);
    if (!whole_integer(pl->spec->opt_value[i], &v) || v < lo || v > hi)
        refuse(pl, i, "the engine takes an integer from %s", range);
}

/* The value of the word after ` key ` in a UCI option line, e.g. min. */
static bool uci_field(const char *line, const char *key, long long *out) {
    char pat[16];
    snprintf(pat, sizeof pat, " %s ", key);
    const char *s = strstr(line, pat);
    if (!s) return false;
    char word[32];
    snprintf(word, sizeof word, "%.*s", (int)strcspn(s + strlen(pat), " "), s + strlen(pat));
    return whole_integer(word, out);
}

/* "option name Hash type spin default 16 min 1 max 1024" */
void match_note_uci_option(MatchPlayer *pl, const char *line) {
    if (strncmp(line, "option name ", 12)) return;
    const char *name = line + 12, *type = strstr(name, " type ");
    if (!type) return;
    int i = setting_index(pl, name, (size_t)(type - name));
    if (i < 0) return;
    pl->opt_declared[i] = true;
    const char *t = type + 6, *value = pl->spec->opt_value[i];
    long long lo, hi;
    if (!strncmp(t, "spin", 4) && uci_field(t, "min", &lo) && uci_field(t, "max", &hi)) check_range(pl, i, lo, hi);
    else if (!strncmp(t, "check", 5) && strcasecmp(value, "true") && strcasecmp(value, "false"))
        refuse(pl, i, "the engine takes true or false%s", "");
    else if (!strncmp(t, "combo", 5)) {
        for (const char *v = strstr(t, " var "); v; v = strstr(v + 1, " var ")) {
            const char *w = v + 5;
            size_t k = strcspn(w, " ");
            if (strlen(value) == k && !strncasecmp(w, value, k)) return;
        }
        refuse(pl, i, "not one of the engine's choices:%s", strstr(t, " var ") ? strstr(t, " var ") : " none");
    }
}

/* "Hash -spin 16 1 1024", "Corruption -check 0", "Policy -combo *a /// b" */
void match_note_cecp_option(MatchPlayer *pl, const char *decl) {
    const char *type = strstr(decl, " -");
    if (!type) return;
    int i = setting_index(pl, decl, (size_t)(type - decl));
    if (i < 0) return;
    pl->opt_declared[i] = true;
    const char *t = type + 2, *value = pl->spec->opt_value[i];
    long long def, lo, hi;
    if ((!strncmp(t, "spin ", 5) || !strncmp(t, "slider ", 7)) &&
        sscanf(t + strcspn(t, " "), "%lld %lld %lld", &def, &lo, &hi) == 3)
        check_range(pl, i, lo, hi);
    else if (!strncmp(t, "check", 5) && strcmp(value, "0") && strcmp(value, "1") && strcasecmp(value, "true") &&
             strcasecmp(value, "false"))
        refuse(pl, i, "the engine takes 0 or 1%s", "");
    else if (!strncmp(t, "combo ", 6)) {
        char list[512];
        snprintf(list, sizeof list, "%s", t + 6);
        char *save = NULL;
        for (char *c = strtok_r(list, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
            while (*c == ' ' || *c == '*') c++;
            size_t k = strlen(c);
            while (k && c[k - 1] == ' ') k--;
            if (k && strlen(value) == k && !strncmp(c, value, k)) return;
        }
        refuse(pl, i, "not one of the engine's choices: %s", t + 6);
    }
}

bool match_options_ok(const MatchPlayer *pl, char *err, size_t n) {
    if (pl->option_error[0]) {
        snprintf(err, n, "%s", pl->option_error);
        return false;
    }
    for (int i = 0; i < pl->spec->nopts; i++)
        if (!pl->opt_declared[i]) {
            snprintf(err, n, "option.%.60s: the engine has no such option", pl->spec->opt_name[i]);
            return false;
        }
    return true;
}
