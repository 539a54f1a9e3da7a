#pragma once
// Reading the plain-text mesh formats (OBJ, OFF, TetGen .node/.ele) without trusting them:
// a cursor over the file's lines with 1-based line numbers, and whitespace-separated fields
// parsed by std::from_chars (no locale, no exceptions). A number that is not finite or does
// not fit is reported, never read as 0 or clamped. readTextFile refuses files larger than
// the loaders accept before allocating for them.
#include <cstdint>
#include <string>
#include <string_view>

namespace sim {

// Largest mesh file the loaders read [bytes]: indices are ints, and a file this size
// already holds tens of millions of elements.
inline constexpr std::uintmax_t kMaxMeshFileBytes = std::uintmax_t(1) << 30;

// Reads the whole file into `text`; returns an error naming the file, or empty.
std::string readTextFile(const std::string& path, std::string& text,
                         std::uintmax_t maxBytes = kMaxMeshFileBytes);

class LineCursor {
  public:
    explicit LineCursor(std::string_view text) : text_(text) {}
    // Moves to the next line that has something besides blanks and a '#' comment; false at
    // the end of the text.
    bool nextDataLine();
    std::string_view line() const { return line_; }  // without the comment and line break
    long number() const { return number_; }
    // Bytes not yet read, after the current line: the most elements that can still follow.
    size_t remaining() const { return text_.size() - pos_; }

  private:
    std::string_view text_, line_;
    size_t pos_ = 0;
    long number_ = 0;
};

enum class Field { Ok, Missing, Malformed, OutOfRange, NotFinite };

// Whitespace-separated fields of one line, read left to right.
class FieldReader {
  public:
    explicit FieldReader(std::string_view line) : rest_(line) {}
    bool word(std::string_view& out);  // false when no field is left
    Field real(double& out);
    Field integer(long long& out);
    bool atEnd();                                    // true when only blanks are left
    std::string_view last() const { return last_; }  // the field read last, for messages

  private:
    std::string_view rest_, last_;
};

// "is missing", "'abc' is not a number", "'1e400' is out of range", "'nan' is not finite".
std::string describe(Field problem, std::string_view field);

}  // namespace sim
