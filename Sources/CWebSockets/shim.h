#ifndef SEGUE_CWEBSOCKETS_SHIM_H
#define SEGUE_CWEBSOCKETS_SHIM_H
#include <libwebsockets.h>
// LWS_PRE is a macro expression Swift cannot import: the bytes lws_write needs free in front of a payload.
static const size_t segue_lws_pre = LWS_PRE;
#endif
