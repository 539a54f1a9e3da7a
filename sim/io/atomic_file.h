#pragma once
// Files that a crash or a kill never leaves half-written: the content goes to a temporary
// name beside the target (same folder, so the same file system) and is renamed over it only
// once complete and flushed. A reader sees the old file or the new one, never a part.
#include <string>
#include <string_view>

namespace sim {

// Writes `content` to `path` that way; returns an error naming the file, or empty.
std::string writeFileAtomically(const std::string& path, std::string_view content);

// Creates a new, empty temporary file beside `path` ("<dir>/.<name>.tmp<pid>-<n>", hidden) and
// returns its descriptor, its name in `temporary`. The name is created exclusively and never
// through a link (O_EXCL | O_NOFOLLOW): whatever already exists under a candidate name, a
// link planted there included, is left alone and the next name is tried. -1 (errno set) when
// none could be created.
int createTemporaryFor(const std::string& path, std::string& temporary);

// As createTemporaryFor, closed at once: for writers that open the name themselves.
// Returns an error naming `path`, or empty.
std::string reserveTemporaryFor(const std::string& path, std::string& temporary);

// Renames a finished temporary file over `path`; returns an error or empty. The temporary
// file is removed when the rename fails.
std::string commitTemporary(const std::string& temporary, const std::string& path);

}  // namespace sim
