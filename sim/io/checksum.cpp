#include "sim/io/checksum.h"

#include <cstdio>

namespace sim {

uint64_t fnv1a(const void* data, size_t bytes, uint64_t h) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t k = 0; k < bytes; ++k) {
        h ^= p[k];
        h *= 1099511628211ull;
    }
    return h;
}

std::string hex16(uint64_t h) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

}  // namespace sim
