#pragma once
// Running helper programs (tetgen, ffmpeg) without a shell: posix_spawnp with an argument
// vector, so no file name is ever parsed as shell syntax, and a path that begins with '-'
// is passed as "./-..." so a program cannot read it as an option. A run has a time limit
// after which the child and every process it started are killed (SIGKILL) and the child
// reaped. Children stay in the caller's process group, so a signal to the group (Ctrl-C,
// kill -9 -PGID) reaches them too.
#include <atomic>
#include <string>
#include <vector>

namespace sim {

struct ProcessResult {
    int exitCode = -1;       // exit status when it exited
    int signal = 0;          // the signal that ended it, if one did
    bool timedOut = false;   // killed after the time limit
    bool cancelled = false;  // killed because `cancel` was set
    std::string error;       // could not start (program not found, ...), else empty
    double seconds = 0;      // wall time
    bool ok() const {
        return error.empty() && !timedOut && !cancelled && signal == 0 && exitCode == 0;
    }
    // "exit status 3", "killed by signal 9", "did not finish within 120 s; killed", ...
    std::string describe(double timeoutSeconds) const;
};

// Runs argv (argv[0] looked up in PATH) with stdin from /dev/null and stdout and stderr
// appended to logPath (or discarded when it is empty); waits at most timeoutSeconds, and
// kills it as soon as *cancel (when given) becomes true (another thread gave up on it).
ProcessResult runProcess(const std::vector<std::string>& argv, const std::string& logPath,
                         double timeoutSeconds, const std::atomic<bool>* cancel = nullptr);

// The full path of `program` as execvp would find it, or empty.
std::string findProgram(const std::string& program);

// `path`, or "./" + path when it begins with '-' (an option to most programs) or has a ':'
// before any '/' (a protocol to ffmpeg, e.g. pipe:1): a file either way.
std::string pathArgument(const std::string& path);

// A child whose stdin is a pipe we write (ffmpeg reading raw frames).
class PipedProcess {
  public:
    PipedProcess() = default;
    PipedProcess(const PipedProcess&) = delete;
    PipedProcess& operator=(const PipedProcess&) = delete;
    ~PipedProcess();
    // Starts argv with stdout and stderr to logPath (or /dev/null); returns an error or empty.
    std::string start(const std::vector<std::string>& argv, const std::string& logPath);
    // Writes all bytes; false when the child stopped reading (EPIPE, no signal raised).
    bool write(const void* data, size_t bytes);
    // Closes the pipe and waits up to timeoutSeconds for the child, killing it after that.
    ProcessResult finish(double timeoutSeconds);
    bool running() const { return pid_ > 0; }

  private:
    int pid_ = -1;
    int fd_ = -1;
    double startTime_ = 0;
};

}  // namespace sim
