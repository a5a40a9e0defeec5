#ifndef SEGUE_CWEBSOCKETS_SHIM_H
#define SEGUE_CWEBSOCKETS_SHIM_H
#include <libwebsockets.h>
// libev's loop, which libwebsockets runs its connections on (LWS_SERVER_OPTION_LIBEV): epoll, not a poll of every
// socket at every wake.
#include <ev.h>
// LWS_PRE is a macro expression Swift cannot import: the bytes lws_write needs free in front of a payload.
static const size_t segue_lws_pre = LWS_PRE;

// libev's watcher set-up is macros Swift cannot import: a timer calling `callback` every `seconds`, started.
static inline void segue_ev_repeat(
    struct ev_loop *loop, ev_timer *timer, ev_tstamp seconds, void (*callback)(struct ev_loop *, ev_timer *, int)) {
    ev_timer_init(timer, callback, seconds, seconds);
    ev_timer_start(loop, timer);
}
#endif
