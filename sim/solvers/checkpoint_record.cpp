#include "sim/solvers/checkpoint_record.h"

namespace sim {

namespace {

template <class T>
std::vector<T> checked(const std::map<std::string, std::vector<T>>& arrays, const std::string& name,
                       long expected, double lo, double hi, CheckpointReader& reader) {
    const auto it = arrays.find(name);
    if (it == arrays.end()) {
        reader.fail("no '" + name + "'");
        return {};
    }
    const std::vector<T>& a = it->second;
    if (expected >= 0 && long(a.size()) != expected) {
        reader.fail("'" + name + "' holds " + std::to_string(a.size()) + " values, not " +
                    std::to_string(expected));
        return {};
    }
    for (size_t k = 0; k < a.size(); ++k)
        if (!(a[k] >= lo && a[k] <= hi)) {
            reader.fail("'" + name + "' value " + std::to_string(k) + " is " +
                        std::to_string(a[k]) + ", outside [" + std::to_string(lo) + ", " +
                        std::to_string(hi) + "]");
            return {};
        }
    return a;
}

}  // namespace

std::vector<int> CheckpointReader::ints(const std::string& name, long expected, long lo, long hi) {
    return checked(record_.ints, name, expected, double(lo), double(hi), *this);
}

std::vector<double> CheckpointReader::reals(const std::string& name, long expected, double lo,
                                            double hi) {
    return checked(record_.reals, name, expected, lo, hi, *this);
}

void CheckpointReader::fail(const std::string& problem) {
    if (error_.empty()) error_ = problem;
}

}  // namespace sim
