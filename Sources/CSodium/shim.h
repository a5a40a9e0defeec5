#ifndef SEGUE_CSODIUM_SHIM_H
#define SEGUE_CSODIUM_SHIM_H
#include <sodium.h>
#endif
