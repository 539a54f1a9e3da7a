#include "sim/io/subprocess.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

extern char** environ;

namespace sim {

namespace {

double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

std::vector<char*> cArgs(const std::vector<std::string>& argv) {
    std::vector<char*> out;
    for (const std::string& a : argv) out.push_back(const_cast<char*>(a.c_str()));
    out.push_back(nullptr);
    return out;
}

// Spawns argv with stdin from stdinFd (or /dev/null when < 0) and stdout/stderr to logPath.
// closeInChild: a descriptor the child must not keep (our end of its pipe).
int spawn(const std::vector<std::string>& argv, const std::string& logPath, int stdinFd,
          int closeInChild, pid_t& pid) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (stdinFd >= 0)
        posix_spawn_file_actions_adddup2(&actions, stdinFd, 0);
    else
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    const char* out = logPath.empty() ? "/dev/null" : logPath.c_str();
    posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_APPEND, 0600);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    if (closeInChild >= 0) posix_spawn_file_actions_addclose(&actions, closeInChild);
    // Default SIGPIPE in the child even if we ignore it (the recorder does).
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);
    std::vector<char*> args = cArgs(argv);
    const int rc = posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&actions);
    return rc;
}

// Every live descendant of `pid` (children, grandchildren, ...), read from /proc: a helper
// that is a script or forks leaves its own children behind when only it is killed.
std::vector<pid_t> descendants(pid_t pid) {
    std::vector<std::pair<pid_t, pid_t>> parentOf;  // (pid, ppid)
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream stat(entry.path() / "stat");
        std::string line;
        if (!std::getline(stat, line)) continue;
        // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
        const size_t close = line.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(line.substr(close + 1));
        char state = 0;
        long ppid = 0;
        if (rest >> state >> ppid) parentOf.emplace_back(pid_t(std::stol(name)), pid_t(ppid));
    }
    std::vector<pid_t> out{pid};
    for (size_t k = 0; k < out.size(); ++k)
        for (const auto& [child, parent] : parentOf)
            if (parent == out[k]) out.push_back(child);
    out.erase(out.begin());
    return out;
}

// Kills pid and everything it started: stopped first so that it forks no more while its
// descendants are listed.
void killTree(pid_t pid) {
    kill(pid, SIGSTOP);
    for (const pid_t d : descendants(pid)) kill(d, SIGKILL);
    kill(pid, SIGKILL);
}

// Waits for pid until `deadline` (now() seconds), then kills it; fills the result.
void waitFor(pid_t pid, double start, double timeoutSeconds, ProcessResult& r,
             const std::atomic<bool>* cancel = nullptr) {
    int status = 0;
    double sleep = 0.001;
    for (;;) {
        const pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid) break;
        if (done < 0 && errno != EINTR) {
            r.error = std::string("waitpid failed: ") + std::strerror(errno);
            return;
        }
        const bool cancelled = cancel && cancel->load();
        if (cancelled || now() - start > timeoutSeconds) {
            killTree(pid);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            (cancelled ? r.cancelled : r.timedOut) = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::duration<double>(sleep));
        sleep = std::min(sleep * 2, 0.05);
    }
    r.seconds = now() - start;
    if (WIFEXITED(status)) r.exitCode = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
}

std::string startError(const std::string& program, int rc) {
    if (rc == ENOENT) return "program '" + program + "' not found";
    return "cannot start '" + program + "': " + std::strerror(rc);
}

}  // namespace

std::string ProcessResult::describe(double timeoutSeconds) const {
    if (!error.empty()) return error;
    char limit[32];
    std::snprintf(limit, sizeof limit, "%g", timeoutSeconds);
    if (cancelled) return "cancelled";
    if (timedOut) return std::string("did not finish within ") + limit + " s; killed";
    if (signal != 0) return "killed by signal " + std::to_string(signal);
    return "exit status " + std::to_string(exitCode);
}

ProcessResult runProcess(const std::vector<std::string>& argv, const std::string& logPath,
                         double timeoutSeconds, const std::atomic<bool>* cancel) {
    ProcessResult r;
    if (argv.empty() || argv[0].empty()) {
        r.error = "no program to run";
        return r;
    }
    const double start = now();
    pid_t pid = -1;
    if (int rc = spawn(argv, logPath, -1, -1, pid); rc != 0) {
        r.error = startError(argv[0], rc);
        return r;
    }
    waitFor(pid, start, timeoutSeconds, r, cancel);
    return r;
}

std::string findProgram(const std::string& program) {
    if (program.empty()) return {};
    if (program.find('/') != std::string::npos)
        return access(program.c_str(), X_OK) == 0 ? program : "";
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
    size_t begin = 0;
    while (begin <= dirs.size()) {
        size_t end = dirs.find(':', begin);
        if (end == std::string::npos) end = dirs.size();
        const std::string dir = end > begin ? dirs.substr(begin, end - begin) : ".";
        const std::string candidate = dir + "/" + program;
        struct stat st;
        if (stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
            access(candidate.c_str(), X_OK) == 0)
            return candidate;
        begin = end + 1;
    }
    return {};
}

std::string pathArgument(const std::string& path) {
    // A leading '-' reads as an option, and a name with a ':' before any '/' as a protocol
    // (ffmpeg's pipe:1, http:x): "./" makes either a file in the working folder.
    if (path.empty() || path[0] == '/') return path;
    const size_t colon = path.find(':');
    const bool protocol = colon != std::string::npos && path.find('/') > colon;
    return path[0] == '-' || protocol ? "./" + path : path;
}

PipedProcess::~PipedProcess() {
    if (running()) finish(5.0);
}

std::string PipedProcess::start(const std::vector<std::string>& argv, const std::string& logPath) {
    if (running()) finish(5.0);
    if (argv.empty() || argv[0].empty()) return "no program to run";
    // A write to a pipe whose reader is gone raises SIGPIPE for the whole process, so any
    // thread that does not block it (a worker, the GL driver's) takes the default action and
    // the program dies without a word. Ignored, the write fails with EPIPE and is reported.
    std::signal(SIGPIPE, SIG_IGN);
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0)
        return std::string("cannot create a pipe: ") + std::strerror(errno);
    pid_t pid = -1;
    const int rc = spawn(argv, logPath, fds[0], fds[1], pid);
    close(fds[0]);
    if (rc != 0) {
        close(fds[1]);
        return startError(argv[0], rc);
    }
    pid_ = pid;
    fd_ = fds[1];
    startTime_ = now();
    return {};
}

bool PipedProcess::write(const void* data, size_t bytes) {
    if (fd_ < 0) return false;
    const char* p = static_cast<const char*>(data);
    while (bytes > 0) {
        const ssize_t n = ::write(fd_, p, bytes);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;  // EPIPE: the child stopped reading (SIGPIPE is ignored, see start)
        }
        p += n;
        bytes -= static_cast<size_t>(n);
    }
    return true;
}

ProcessResult PipedProcess::finish(double timeoutSeconds) {
    ProcessResult r;
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
    if (pid_ <= 0) {
        r.error = "not running";
        return r;
    }
    waitFor(pid_, now(), timeoutSeconds, r);
    r.seconds = now() - startTime_;
    pid_ = -1;
    return r;
}

}  // namespace sim
