#include "sim/io/stats_csv.h"

#include <cctype>
#include <cstdio>

#include "sim/world/metrics.h"
#include "sim/world/state_hash.h"
#include "sim/world/world.h"

namespace sim {

std::string statsCsvDetailKey(const char* name, const char* unit) {
    std::string key;
    for (const char* c = name; *c; ++c) {
        if (std::isalnum(static_cast<unsigned char>(*c)))
            key += *c;
        else if (!key.empty() && key.back() != '_')
            key += '_';
    }
    while (!key.empty() && key.back() == '_') key.pop_back();
    if (*unit) key += std::string("_") + unit;
    return key;
}

namespace {

// The solver's own figures as one field: key=value pairs separated by spaces (no commas).
std::string solverDetails(const SolverStats& stats) {
    std::string out;
    char value[32];
    stats.visit([&](const char* name, double v, const char* unit) {
        std::snprintf(value, sizeof value, "%.6g", v);
        if (!out.empty()) out += ' ';
        out += statsCsvDetailKey(name, unit) + '=' + value;
    });
    return out;
}

}  // namespace

StatsCsv::~StatsCsv() {
    if (!out_.is_open()) return;
    out_.close();
    if (!out_) std::remove(path_.c_str());
}

bool StatsCsv::fail(const char* what) {
    error_ = path_ + ": " + what + " failed (disk full?): the partial file was removed";
    out_.close();
    std::remove(path_.c_str());
    return false;
}

bool StatsCsv::open(const std::string& path, const std::vector<std::string>& extraColumns) {
    path_ = path;
    error_.clear();
    out_.open(path, std::ios::trunc);
    if (!out_) {
        error_ = path + ": cannot open for writing";
        return false;
    }
    extraCount_ = extraColumns.size();
    out_ << "frame,time,sim_ms,max_strain,mean_strain,kinetic_energy,stretch_violation,"
            "bend_violation,residual,solver_iterations,state_hash";
    for (const StageInfo& stage : kStages) out_ << ",ms_" << stage.csv;
    for (const auto& c : extraColumns) out_ << ',' << c;
    out_ << ",solver,solver_details\n";
    out_.precision(9);
    if (!out_.flush()) return fail("writing the header");
    return true;
}

bool StatsCsv::writeRow(const World& world, const std::vector<double>& extraValues) {
    if (!out_.is_open()) return false;
    const FrameMetrics m = measure(world);
    const Profile& p = world.profile;
    const SolverStats& s = world.solver().stats();
    out_ << world.frame() << ',' << world.time() << ',' << p.total << ',' << m.maxStrain << ','
         << m.meanStrain << ',' << m.kineticEnergy << ',' << m.stretchViolation << ','
         << m.bendViolation << ',' << s.residual << ',' << s.iterations << ','
         << stateHashText(world);
    for (double ms : p.ms) out_ << ',' << ms;
    for (size_t k = 0; k < extraCount_; ++k)
        out_ << ',' << (k < extraValues.size() ? extraValues[k] : 0.0);
    out_ << ',' << solverName(world.settings.solver) << ',' << solverDetails(s) << '\n';
    if (!out_.flush()) return fail("writing a row");
    return true;
}

}  // namespace sim
