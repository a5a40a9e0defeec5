#ifndef SEGUE_CZEROMQ_SHIM_H
#define SEGUE_CZEROMQ_SHIM_H
#include <zmq.h>
#endif
