#pragma once
// pbd-bench is one binary with a subcommand per experiment (CLI11 subcommands). Each
// experiment lives in its own file and registers itself with a static BenchRegistration,
// which works because the bench sources are compiled into the executable itself.
#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

namespace bench {

struct BenchCommand {
    std::string name;
    std::string description;
    // Adds the subcommand's options to `sub` and returns the function that runs it.
    std::function<std::function<int()>(CLI::App& sub)> setup;
};

std::vector<BenchCommand>& benchCommands();

// Parses a pbd-bench command line (argv[0] is the program's name) and runs its subcommand;
// returns the exit code (2 on a bad command line, with the message on stderr).
int runBench(int argc, char** argv);

struct BenchRegistration {
    explicit BenchRegistration(BenchCommand command) {
        benchCommands().push_back(std::move(command));
    }
};

}  // namespace bench
