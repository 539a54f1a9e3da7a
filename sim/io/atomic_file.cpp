#include "sim/io/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace sim {

int createTemporaryFor(const std::string& path, std::string& temporary) {
    static std::atomic<unsigned> counter{0};
    const std::filesystem::path p(path);
    const std::filesystem::path dir =
        p.has_parent_path() ? p.parent_path() : std::filesystem::path(".");
    for (int attempt = 0; attempt < 1000; ++attempt) {
        std::string name = ".";  // appended piecewise: GCC 12 warns (-Wrestrict) on "." + string
        name += p.filename().string();
        name += ".tmp";
        name += std::to_string(::getpid());
        name += '-';
        name += std::to_string(counter++);
        temporary = (dir / name).string();
        const int fd =
            ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    errno = EEXIST;
    return -1;
}

std::string reserveTemporaryFor(const std::string& path, std::string& temporary) {
    const int fd = createTemporaryFor(path, temporary);
    if (fd < 0) return "cannot write " + path + ": " + std::strerror(errno);
    ::close(fd);
    return {};
}

std::string commitTemporary(const std::string& temporary, const std::string& path) {
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        const std::string why = std::strerror(errno);
        std::remove(temporary.c_str());
        return "cannot write " + path + ": " + why;
    }
    return {};
}

std::string writeFileAtomically(const std::string& path, std::string_view content) {
    std::string tmp;
    const int fd = createTemporaryFor(path, tmp);
    if (fd < 0) return "cannot write " + path + ": " + std::strerror(errno);
    const char* p = content.data();
    size_t left = content.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const std::string why = std::strerror(errno);
            ::close(fd);
            std::remove(tmp.c_str());
            return "cannot write " + path + ": " + why;
        }
        p += n;
        left -= static_cast<size_t>(n);
    }
    const bool synced = ::fsync(fd) == 0;
    const int syncErrno = errno;
    if (::close(fd) != 0 || !synced) {
        const std::string why = std::strerror(synced ? errno : syncErrno);
        std::remove(tmp.c_str());
        return "cannot write " + path + ": " + why;
    }
    return commitTemporary(tmp, path);
}

}  // namespace sim
