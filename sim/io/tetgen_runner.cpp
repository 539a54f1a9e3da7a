#include "sim/io/tetgen_runner.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sim/topology/closed_surfaces.h"

namespace sim {

namespace fs = std::filesystem;

namespace {

void fnv(uint64_t& h, const void* data, size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t k = 0; k < bytes; ++k) {
        h ^= p[k];
        h *= 1099511628211ull;
    }
}

std::string quote(const std::string& s) { return "'" + s + "'"; }

std::string tail(const std::string& path, size_t maxChars) {
    std::ifstream in(path);
    std::ostringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    if (text.size() > maxChars) text = "..." + text.substr(text.size() - maxChars);
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
}

constexpr int kCancelled = -2;

int exitStatus(int raw) {
    if (WIFEXITED(raw)) return WEXITSTATUS(raw);
    return 128 + (WIFSIGNALED(raw) ? WTERMSIG(raw) : 0);
}

// Runs a shell command with its output in logPath; returns the exit status (-1: no shell,
// kCancelled: `cancel` was set and the command's process group was killed).
int runLogged(const std::string& command, const std::string& logPath,
              const std::atomic<bool>* cancel = nullptr) {
    const std::string line = command + " > " + quote(logPath) + " 2>&1";
    if (!cancel) {
        const int raw = std::system(line.c_str());
        return raw == -1 ? -1 : exitStatus(raw);
    }
    const pid_t pid = ::fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        ::setpgid(0, 0);  // its own group, so a kill reaches tetgen under the shell
        ::execl("/bin/sh", "sh", "-c", line.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    for (;;) {
        int raw = 0;
        const pid_t done = ::waitpid(pid, &raw, WNOHANG);
        if (done == pid) return exitStatus(raw);
        if (done < 0) return -1;
        if (cancel->load()) {
            ::kill(-pid, SIGKILL);
            ::waitpid(pid, &raw, 0);
            return kCancelled;
        }
        ::usleep(10000);
    }
}

}  // namespace

std::string TetgenOptions::validate() const {
    std::ostringstream out;
    if (!(quality == 0 || (quality >= 1.0 && quality <= 10.0)))
        out << "tetgen quality " << quality << " must be 0 (off) or in [1, 10] (radius-edge ratio)";
    else if (!(maxVolume >= 0) || !std::isfinite(maxVolume))
        out << "tetgen max volume " << maxVolume << " must be finite and >= 0 (0 = unbounded)";
    else if (program.empty() || program.find('\'') != std::string::npos)
        out << "tetgen program name '" << program << "' is not usable";
    return out.str();
}

std::string TetgenOptions::flags() const {
    std::ostringstream f;
    f.precision(6);
    f << "-p";
    if (quality > 0) f << "q" << quality;
    if (maxVolume > 0) f << "a" << maxVolume;
    return f.str();
}

std::string tetgenCacheKey(const TriangleMesh& surface, const std::string& flags) {
    uint64_t h = 1469598103934665603ull;
    for (const Vec3& v : surface.vertices) fnv(h, v.data(), sizeof(double) * 3);
    for (const auto& t : surface.triangles) fnv(h, t.data(), sizeof(int) * 3);
    fnv(h, flags.data(), flags.size());
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

std::string defaultTetgenCacheDir() {
    if (const char* d = std::getenv("PBD_CACHE_DIR"); d && *d) return std::string(d) + "/tetgen";
    if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d)
        return std::string(d) + "/pbd-sandbox/tetgen";
    if (const char* d = std::getenv("HOME"); d && *d) return std::string(d) + "/.cache/pbd-sandbox/tetgen";
    return (fs::temp_directory_path() / "pbd-sandbox-tetgen").string();
}

TetgenResult tetrahedralize(const TriangleMesh& surface, const TetgenOptions& options) {
    TetgenResult result;
    if (std::string e = options.validate(); !e.empty()) return {{}, e};
    if (std::string e = checkClosedSurface(surface); !e.empty())
        return {{}, "cannot tetrahedralize: " + e};
    const std::string flags = options.flags();
    const std::string dir = options.cacheDir.empty() ? defaultTetgenCacheDir() : options.cacheDir;
    if (dir.find('\'') != std::string::npos) return {{}, "cache folder '" + dir + "' contains a quote"};
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return {{}, "cannot create tetgen cache folder '" + dir + "': " + ec.message()};
    const std::string stem = (fs::path(dir) / tetgenCacheKey(surface, flags)).string();
    const std::string node = stem + ".1.node", ele = stem + ".1.ele";
    if (fs::exists(node) && fs::exists(ele)) {
        TetMeshResult cached = readTetGen(node, ele);
        if (cached.error.empty()) {
            result.mesh = std::move(cached.mesh);
            result.fromCache = true;
            return result;
        }  // a damaged cache entry is regenerated below
    }
    // Work under a per-process name and rename at the end: two processes (ctest -j) may
    // tetrahedralize the same surface at once.
    const std::string work = stem + ".tmp" + std::to_string(::getpid());
    if (std::string e = writeOff(surface, work + ".off"); !e.empty()) return {{}, e};
    const auto start = std::chrono::steady_clock::now();
    const std::string log = work + ".log";
    const int status =
        runLogged(quote(options.program) + " " + flags + " " + quote(work + ".off"), log, options.cancel);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (status == kCancelled) {
        for (const char* ext : {".off", ".log", ".1.node", ".1.ele", ".1.face", ".1.edge", ".1.smesh"})
            fs::remove(work + ext, ec);
        return {{}, "cancelled"};
    }
    if (status != 0) {
        std::string message = "tetgen " + flags + " failed on " + work + ".off (exit status " +
                              std::to_string(status) + ")";
        if (status == 127) message += ": program '" + options.program + "' not found (install Debian package tetgen)";
        message += "\ntetgen output: " + tail(log, 600);
        const std::string dlog = work + ".d.log";
        runLogged(quote(options.program) + " -d " + quote(work + ".off"), dlog);
        message += "\ntetgen -d (self-intersection check): " + tail(dlog, 600);
        for (const char* ext : {".log", ".d.log", ".1.node", ".1.ele", ".1.face", ".1.edge"})
            fs::remove(work + ext, ec);  // the .off stays for the user to inspect
        return {{}, message};
    }
    TetMeshResult read = readTetGen(work + ".1.node", work + ".1.ele");
    if (!read.error.empty())
        return {{}, "tetgen " + flags + " gave no usable tets: " + read.error +
                        "\ntetgen output: " + tail(log, 600)};
    fs::rename(work + ".1.ele", ele, ec);
    if (!ec) fs::rename(work + ".1.node", node, ec);
    for (const char* ext : {".off", ".log", ".1.face", ".1.edge", ".1.smesh"}) fs::remove(work + ext, ec);
    result.mesh = std::move(read.mesh);
    return result;
}

}  // namespace sim
