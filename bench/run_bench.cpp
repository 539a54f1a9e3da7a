// The pbd-bench command line: the registered subcommands, parsed and run. pbd-bench's main and
// the Python module (python/) both call runBench.
#include <iostream>
#include <map>

#include "bench/bench_registry.h"
#include "bench/bench_util.h"
#include "sim/cuda/device.h"

namespace bench {
std::vector<BenchCommand>& benchCommands() {
    static std::vector<BenchCommand> commands;
    return commands;
}
std::string& benchCommandLine() {
    static std::string line;
    return line;
}

// Empty when `device` ("" = the subcommand's own) suits the subcommand; else why not.
// The gpu-* subcommands run on the GPU and need one; the others run on the CPU.
std::string checkDevice(const std::string& device, const std::string& subcommand) {
    const bool gpuBench = subcommand.rfind("gpu-", 0) == 0;
    if (!device.empty() && !sim::cuda::parseDevice(device))
        return "--device '" + device + "' is invalid: use cpu or cuda";
    if (gpuBench) {
        if (device == "cpu") return subcommand + " runs on the GPU; it has no --device cpu";
        if (std::string why = sim::cuda::unavailableReason(); !why.empty())
            return subcommand + " needs a CUDA device: " + why;
    } else if (device == "cuda") {
        return subcommand + " runs on the CPU; the GPU benches are gpu-cloth and gpu-softbody";
    }
    return {};
}

int runBench(int argc, char** argv) {
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
        if (std::string e = checkDevice(device, sub->get_name()); !e.empty()) {
            std::cerr << "pbd-bench: " << e << "\n";
            return 2;
        }
        return runners[sub->get_name()]();
    }
    return 2;
}

}  // namespace bench
