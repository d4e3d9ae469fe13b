/* The shared option groups (option_group.h). */
#include <strings.h>
#include "option_group.h"
#include "book_opts.h"
#include "bribes.h"
#include "eval_opts.h"
#include "play_opts.h"

static const OptionGroup *const groups[] = {&bribe_options, &book_options, &play_options, &eval_options};
enum { GROUP_COUNT = sizeof groups / sizeof *groups };

const OptionGroup *option_group_of(const char *name) {
    for (int g = 0; g < GROUP_COUNT; g++)
        for (const char *const *n = groups[g]->names; *n; n++)
            if (!strcasecmp(name, *n)) return groups[g];
    return NULL;
}

void option_groups_uci(const Engine *e) {
    for (int g = 0; g < GROUP_COUNT; g++) groups[g]->uci_options(e);
}

void option_groups_cecp(const Engine *e) {
    for (int g = 0; g < GROUP_COUNT; g++) groups[g]->cecp_features(e);
}
