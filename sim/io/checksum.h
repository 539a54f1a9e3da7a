#pragma once
// FNV-1a over bytes, the checksum of the tetgen cache's .sum files and of state files. Not
// cryptographic: it finds damage and mix-ups, not edits by someone who can recompute it.
#include <cstddef>
#include <cstdint>
#include <string>

namespace sim {

uint64_t fnv1a(const void* data, size_t bytes, uint64_t h = 1469598103934665603ull);
std::string hex16(uint64_t h);  // 16 lower-case hex digits

}  // namespace sim
