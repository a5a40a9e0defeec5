#ifndef SEGUE_CNATS_SHIM_H
#define SEGUE_CNATS_SHIM_H
#include <nats/nats.h>
#endif
