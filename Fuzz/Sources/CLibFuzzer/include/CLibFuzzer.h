// libFuzzer's driver entry point (compiler-rt lib/fuzzer/FuzzerInterface.h, since LLVM 11): it runs the
// fuzzing loop with the given test callback and libFuzzer's usual command line flags.
#ifndef SEGUE_CLIBFUZZER_H
#define SEGUE_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));

#endif
