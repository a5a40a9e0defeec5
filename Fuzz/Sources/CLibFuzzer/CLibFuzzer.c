// Only the declaration in include/CLibFuzzer.h is needed; the definition comes from libFuzzer at link time.
#include "CLibFuzzer.h"
