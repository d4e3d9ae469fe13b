/* The options that UCI and CECP share, in groups kept beside what they set
 * (bribes, the book, playing strength, the evaluation): each group lists
 * its names, sets one, and announces itself in either protocol, so that a
 * protocol walks the groups instead of naming each. */
#ifndef RATNIK_OPTION_GROUP_H
#define RATNIK_OPTION_GROUP_H

#include "../../search/engine.h"

typedef struct OptionGroup {
    const char *const *names; /* NULL-terminated; matched case-insensitively */
    /* false: bad value, with the reason in err. Booleans take true/false
     * (UCI) or 1/0 (CECP). */
    bool (*set)(Engine *e, const char *name, const char *value, char *err, size_t errlen);
    void (*uci_options)(const Engine *e);   /* the `option name ...` lines */
    void (*cecp_features)(const Engine *e); /* the `feature option=...` lines */
    /* CECP: a running search is stopped by the change and started again
     * (the evaluation); the other groups are read at the next search. */
    bool restarts_search;
} OptionGroup;

/* The group that has option `name`, or NULL. */
const OptionGroup *option_group_of(const char *name);
/* Every group's announcement, in a fixed order. */
void option_groups_uci(const Engine *e);
void option_groups_cecp(const Engine *e);

#endif
