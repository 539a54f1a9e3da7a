#pragma once
// Files that a crash or a kill never leaves half-written: the content goes to a temporary
// name beside the target (same folder, so the same file system) and is renamed over it only
// once complete and flushed. A reader sees the old file or the new one, never a part.
#include <string>
#include <string_view>

namespace sim {

// Writes `content` to `path` that way; returns an error naming the file, or empty.
std::string writeFileAtomically(const std::string& path, std::string_view content);

// The temporary name writeFileAtomically and streaming writers use for `path`:
// "<dir>/.<name>.tmp<pid>" (hidden, and unique per process).
std::string temporaryPathFor(const std::string& path);

// Renames a finished temporary file over `path`; returns an error or empty. The temporary
// file is removed when the rename fails.
std::string commitTemporary(const std::string& temporary, const std::string& path);

}  // namespace sim
