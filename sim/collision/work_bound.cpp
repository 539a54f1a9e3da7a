#include "sim/collision/work_bound.h"

namespace sim {

size_t WorkBound::limit(size_t elements) const {
    const double perElement = average > 0 ? kMultiple * average : kFirst;
    return static_cast<size_t>(perElement * static_cast<double>(elements)) + kFloor;
}

void WorkBound::record(size_t work, size_t elements, bool cutShort) {
    if (cutShort || elements == 0) return;  // a cut call says nothing of normal work
    const double perElement = static_cast<double>(work) / static_cast<double>(elements);
    average = average > 0 ? (1 - kWeight) * average + kWeight * perElement : perElement;
}

}  // namespace sim
