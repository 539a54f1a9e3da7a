#include "sim/io/tetgen_cache.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "sim/io/atomic_file.h"
#include "sim/io/text_scan.h"

namespace sim {

namespace fs = std::filesystem;

namespace {

constexpr const char* kSumHeader = "pbd-sandbox tetgen cache 1";

std::string env(const char* name) {
    const char* v = std::getenv(name);
    return v && *v ? v : "";
}

// A directory only we can use: exists or is created 0700, is no symlink, is ours, mode 0700.
bool privateDir(const std::string& dir) {
    ::mkdir(dir.c_str(), 0700);
    struct stat st;
    return ::lstat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::getuid() &&
           (st.st_mode & 077) == 0;
}

std::string privateCacheRoot(std::string& error) {
    static std::mutex mutex;
    static std::string fresh;  // one mkdtemp folder per process when the usual one is not ours
    std::lock_guard<std::mutex> lock(mutex);
    const std::string tmp = env("TMPDIR").empty() ? "/tmp" : env("TMPDIR");
    const std::string usual = tmp + "/pbd-sandbox-" + std::to_string(::getuid());
    if (privateDir(usual)) return usual;
    if (fresh.empty()) {
        std::string pattern = tmp + "/pbd-sandbox-XXXXXX";
        if (!::mkdtemp(pattern.data())) {
            error = "cannot create a private cache folder in " + tmp;
            return {};
        }
        fresh = pattern;
        std::fprintf(stderr,
                     "pbd-sandbox: %s is not a private folder of this user; caching in %s\n",
                     usual.c_str(), fresh.c_str());
    }
    return fresh;
}

std::string sumLine(const char* name, const std::string& text) {
    return std::string(name) + " " + std::to_string(text.size()) + " " +
           hex16(fnv1a(text.data(), text.size()));
}

std::string expectedSum(const TetgenCacheMeta& meta, const std::string& node,
                        const std::string& ele) {
    std::ostringstream out;
    out << kSumHeader << "\nsurface " << meta.surfaceHash << "\nflags " << meta.flags << "\ntetgen "
        << meta.tetgenHash << "\n"
        << sumLine("node", node) << "\n"
        << sumLine("ele", ele) << "\n";
    return out.str();
}

}  // namespace

std::string resolveTetgenCacheDir(const std::string& configured, std::string& error) {
    std::string dir = configured;
    if (dir.empty()) {
        if (!env("PBD_CACHE_DIR").empty())
            dir = env("PBD_CACHE_DIR") + "/tetgen";
        else if (!env("XDG_CACHE_HOME").empty())
            dir = env("XDG_CACHE_HOME") + "/pbd-sandbox/tetgen";
        else if (!env("HOME").empty())
            dir = env("HOME") + "/.cache/pbd-sandbox/tetgen";
        else {
            const std::string root = privateCacheRoot(error);
            if (root.empty()) return {};
            dir = root + "/tetgen";
        }
    }
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) {
        error = "cannot create tetgen cache folder '" + dir + "': " + ec.message();
        return {};
    }
    return dir;
}

std::string programHash(const std::string& path) {
    static std::mutex mutex;
    static std::map<std::string, std::pair<std::string, std::string>>
        known;  // path -> (stamp, hash)
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) return "missing";
    const std::string stamp = std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) +
                              "." + std::to_string(st.st_mtim.tv_nsec);
    std::lock_guard<std::mutex> lock(mutex);
    auto& entry = known[path];
    if (entry.first != stamp) {
        std::string bytes;
        entry = {stamp, readTextFile(path, bytes, std::uintmax_t(256) << 20).empty()
                            ? hex16(fnv1a(bytes.data(), bytes.size()))
                            : "unreadable-" + stamp};
    }
    return entry.second;
}

std::string loadCacheEntry(const std::string& stem, const TetgenCacheMeta& meta,
                           std::string& nodeText, std::string& eleText) {
    std::error_code ec;
    if (!fs::exists(stem + ".sum", ec)) return "missing";
    std::string sum;
    if (std::string e = readTextFile(stem + ".sum", sum, 4096); !e.empty()) return e;
    if (std::string e = readTextFile(stem + ".1.node", nodeText); !e.empty()) return e;
    if (std::string e = readTextFile(stem + ".1.ele", eleText); !e.empty()) return e;
    const std::string expected = expectedSum(meta, nodeText, eleText);
    if (sum == expected) return {};
    // Name the file that differs: the .sum itself (another input, flags or tetgen) or a mesh file.
    const auto line = [](const std::string& text, int k) {
        std::istringstream in(text);
        std::string l;
        for (int i = 0; i <= k && std::getline(in, l); ++i) {
        }
        return l;
    };
    for (int k = 0; k < 4; ++k)
        if (line(sum, k) != line(expected, k))
            return stem + ".sum: made for another input, flags or tetgen";
    if (line(sum, 4) != line(expected, 4))
        return stem + ".1.node: size or checksum differs from the .sum";
    return stem + ".1.ele: size or checksum differs from the .sum";
}

void removeCacheEntry(const std::string& stem) {
    std::error_code ec;
    for (const char* ext : {".sum", ".1.node", ".1.ele"}) fs::remove(stem + ext, ec);
}

std::string writeCacheSum(const std::string& stem, const TetgenCacheMeta& meta,
                          const std::string& nodeText, const std::string& eleText) {
    return writeFileAtomically(stem + ".sum", expectedSum(meta, nodeText, eleText));
}

}  // namespace sim
