/* What the daemon's connections and the web board's sessions both need
 * from the loop that owns them: a place on an owner's doubly linked list
 * (any struct with prev and next pointers), and the timers made together
 * for one of them. */
#ifndef RATNIK_LOOP_UTIL_H
#define RATNIK_LOOP_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <event2/event.h>

/* Puts node at the front of the list that head points to. */
#define DLIST_PUSH(head, node)                    \
    do {                                          \
        (node)->prev = NULL;                      \
        (node)->next = (head);                    \
        if (head) (head)->prev = (node);          \
        (head) = (node);                          \
    } while (0)

/* Takes node out of the list that head points to. */
#define DLIST_UNLINK(head, node)                              \
    do {                                                      \
        if ((node)->prev) (node)->prev->next = (node)->next;  \
        else (head) = (node)->next;                           \
        if ((node)->next) (node)->next->prev = (node)->prev;  \
    } while (0)

/* True when all n events were made; otherwise frees those that were, so
 * that a half-built owner holds none. */
static inline bool events_all_made(struct event *const *evs, size_t n) {
    bool all = true;
    for (size_t i = 0; i < n; i++) all = all && evs[i];
    for (size_t i = 0; i < n && !all; i++)
        if (evs[i]) event_free(evs[i]);
    return all;
}

#endif
