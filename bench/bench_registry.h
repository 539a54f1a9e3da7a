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

struct BenchRegistration {
    explicit BenchRegistration(BenchCommand command) {
        benchCommands().push_back(std::move(command));
    }
};

}  // namespace bench
