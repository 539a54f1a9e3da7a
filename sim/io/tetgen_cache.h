#pragma once
// The tetgen result cache. An entry is <key>.1.node, <key>.1.ele and <key>.sum, where the key
// hashes the input surface, the tetgen flags, the tetgen program itself (Debian's tetgen
// prints no version, so its binary's content stands for it) and the cache format. The .sum
// file, written last and renamed into place, repeats what the key was made from and gives
// the size and hash of the two mesh files; an entry is used only when all of it matches, so
// a damaged file or an unrelated mesh under the right name is never used silently.
//
// Where: $PBD_CACHE_DIR/tetgen, else $XDG_CACHE_HOME/pbd-sandbox/tetgen, else
// ~/.cache/pbd-sandbox/tetgen; with none of the three set, a private directory
// ($TMPDIR or /tmp)/pbd-sandbox-<uid>/tetgen created 0700 and checked to be ours, or a
// fresh mkdtemp one when it is not (never a fixed folder others could write to).
#include <cstdint>
#include <string>

#include "sim/io/checksum.h"  // fnv1a, hex16: the .sum file's hash

namespace sim {

// What an entry was made from.
struct TetgenCacheMeta {
    std::string surfaceHash, flags, tetgenHash;
};

// The cache folder for `configured` (TetgenOptions::cacheDir, empty = the default above),
// created if needed; on failure returns empty and sets `error`.
std::string resolveTetgenCacheDir(const std::string& configured, std::string& error);

// Hash of the file's content (the tetgen program), cached per path, size and mtime.
std::string programHash(const std::string& path);

// Checks the entry at `stem` against `meta` and its sums; fills the two texts on success.
// Returns empty when the entry is good, "missing" when there is none, else the problem.
std::string loadCacheEntry(const std::string& stem, const TetgenCacheMeta& meta,
                           std::string& nodeText, std::string& eleText);
// Removes the entry's files.
void removeCacheEntry(const std::string& stem);
// Writes <stem>.sum for node/ele texts already in place; returns an error or empty.
std::string writeCacheSum(const std::string& stem, const TetgenCacheMeta& meta,
                          const std::string& nodeText, const std::string& eleText);

}  // namespace sim
