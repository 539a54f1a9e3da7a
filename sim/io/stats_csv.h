#pragma once
// The per-frame statistics CSV the runners write (--stats FILE.csv): one header line, one
// row per frame. Columns: frame, time, sim_ms, max_strain, mean_strain, kinetic_energy,
// stretch_violation, bend_violation, residual, solver_iterations, state_hash (state_hash.h),
// then ms per stage (walking the stage table, profile.h).
// Callers may append columns of their own (e.g. the app's grabbed-particle position).
#include <fstream>
#include <string>
#include <vector>

namespace sim {

class World;

class StatsCsv {
public:
    // extraColumns are appended after the standard ones; rows then pass their values.
    bool open(const std::string& path, const std::vector<std::string>& extraColumns = {});
    bool isOpen() const { return out_.is_open(); }
    void writeRow(const World& world, const std::vector<double>& extraValues = {});
    const std::string& error() const { return error_; }

private:
    std::ofstream out_;
    std::string error_;
    size_t extraCount_ = 0;
};

}  // namespace sim
