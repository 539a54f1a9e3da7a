// pbd-bench: headless experiments that reproduce the papers' figures and write CSV.
// `pbd-bench --help` lists the subcommands; each file in bench/ adds one.
#include "bench/bench_registry.h"

int main(int argc, char** argv) {
    return bench::runBench(argc, argv);
}
