// pbd-bench: headless experiments that reproduce the papers' figures and write CSV.
// `pbd-bench --help` lists the subcommands; each file in bench/ adds one.
#include <iostream>
#include <map>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "bench/gpu_bench_util.h"

namespace bench {
std::vector<BenchCommand>& benchCommands() {
    static std::vector<BenchCommand> commands;
    return commands;
}
std::string& benchCommandLine() {
    static std::string line;
    return line;
}
}  // namespace bench

int main(int argc, char** argv) {
    CLI::App cli{"pbd-bench: benchmarks and paper-figure experiments (CSV output)"};
    cli.require_subcommand(1);
    std::string& line = bench::benchCommandLine();
    line = "pbd-bench";
    for (int i = 1; i < argc; ++i) line += std::string(" ") + argv[i];
    std::string device;  // unset: cuda for the gpu-* subcommands, cpu for the others
    cli.add_option("--device", device,
                   "cpu | cuda: the gpu-* subcommands run on the GPU, the others on the CPU");
    std::map<std::string, std::function<int()>> runners;
    for (auto& command : bench::benchCommands()) {
        CLI::App* sub = cli.add_subcommand(command.name, command.description);
        runners[command.name] = command.setup(*sub);
    }
    try {
        cli.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return cli.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "pbd-bench: " << e.what() << "\nRun with --help for the subcommands.\n";
        return 2;
    }
    for (CLI::App* sub : cli.get_subcommands()) {
        if (std::string e = bench::checkDevice(device, sub->get_name()); !e.empty()) {
            std::cerr << "pbd-bench: " << e << "\n";
            return 2;
        }
        return runners[sub->get_name()]();
    }
    return 2;
}
