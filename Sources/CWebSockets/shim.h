#ifndef SEGUE_CWEBSOCKETS_SHIM_H
#define SEGUE_CWEBSOCKETS_SHIM_H
#include <libwebsockets.h>
// libev's loop, which libwebsockets runs its connections on (LWS_SERVER_OPTION_LIBEV): epoll, not a poll of every
// socket at every wake.
#include <ev.h>
// LWS_PRE is a macro expression Swift cannot import: the bytes lws_write needs free in front of a payload.
static const size_t segue_lws_pre = LWS_PRE;

// A timer of libwebsockets' own that schedules itself again every `SEGUE_LWS_TICK_US`. On libev, 4.1 runs its
// timers (a connection's timeout among them) from an idle watcher, which never runs while some socket is always
// ready, or from a libev timer it re-arms, only once that has fired, for its earliest timer then: a timer that is
// always due soon keeps that libev timer firing, so every timeout fires within a tick, however busy the loop.
#define SEGUE_LWS_TICK_US (250 * LWS_US_PER_MS)

struct segue_lws_tick {
    lws_sorted_usec_list_t sul;
    struct lws_context *context;
};

static void segue_lws_tick_fired(lws_sorted_usec_list_t *sul) {
    struct segue_lws_tick *tick = lws_container_of(sul, struct segue_lws_tick, sul);
    lws_sul_schedule(tick->context, 0, &tick->sul, segue_lws_tick_fired, SEGUE_LWS_TICK_US);
}

static inline void segue_lws_tick_start(struct segue_lws_tick *tick, struct lws_context *context) {
    tick->context = context;
    lws_sul_schedule(context, 0, &tick->sul, segue_lws_tick_fired, SEGUE_LWS_TICK_US);
}

static inline void segue_lws_tick_stop(struct segue_lws_tick *tick) {
    lws_sul_cancel(&tick->sul);
}
#endif
