#include "sim/io/text_scan.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>

namespace sim {

namespace {
bool blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}
}  // namespace

std::string readTextFile(const std::string& path, std::string& text, std::uintmax_t maxBytes) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return path + ": no such file";
    if (!std::filesystem::is_regular_file(path, ec)) return path + ": not a regular file";
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) return path + ": cannot read file size: " + ec.message();
    if (size > maxBytes)
        return path + ": file is " + std::to_string(size) + " bytes, more than the " +
               std::to_string(maxBytes) + " the loaders accept";
    std::unique_ptr<FILE, int (*)(FILE*)> in(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!in) return path + ": cannot open file";
    text.resize(size);
    if (size > 0 && std::fread(text.data(), 1, size, in.get()) != size)
        return path + ": read failed";
    return {};
}

bool LineCursor::nextDataLine() {
    while (pos_ < text_.size()) {
        size_t end = text_.find('\n', pos_);
        if (end == std::string_view::npos) end = text_.size();
        std::string_view line = text_.substr(pos_, end - pos_);
        pos_ = end + (end < text_.size() ? 1 : 0);
        ++number_;
        if (size_t hash = line.find('#'); hash != std::string_view::npos)
            line = line.substr(0, hash);
        for (char c : line)
            if (!blank(c)) {
                line_ = line;
                return true;
            }
    }
    line_ = {};
    return false;
}

bool FieldReader::word(std::string_view& out) {
    size_t start = 0;
    while (start < rest_.size() && blank(rest_[start])) ++start;
    if (start == rest_.size()) {
        rest_ = {};
        last_ = {};
        return false;
    }
    size_t end = start;
    while (end < rest_.size() && !blank(rest_[end])) ++end;
    out = last_ = rest_.substr(start, end - start);
    rest_ = rest_.substr(end);
    return true;
}

namespace {
// from_chars takes no '+'; skip one, but not before another sign.
const char* afterPlus(std::string_view w) {
    if (w[0] != '+') return w.data();
    return w.size() > 1 && (w[1] == '+' || w[1] == '-') ? w.data() + w.size() : w.data() + 1;
}
}  // namespace

Field FieldReader::real(double& out) {
    std::string_view w;
    if (!word(w)) return Field::Missing;
    const char* first = afterPlus(w);
    if (first == w.data() + w.size()) return Field::Malformed;
    const auto [end, ec] = std::from_chars(first, w.data() + w.size(), out);
    if (ec == std::errc::result_out_of_range) return Field::OutOfRange;
    if (ec != std::errc() || end != w.data() + w.size()) return Field::Malformed;
    return std::isfinite(out) ? Field::Ok : Field::NotFinite;
}

Field FieldReader::integer(long long& out) {
    std::string_view w;
    if (!word(w)) return Field::Missing;
    const char* first = afterPlus(w);
    if (first == w.data() + w.size()) return Field::Malformed;
    const auto [end, ec] = std::from_chars(first, w.data() + w.size(), out);
    if (ec == std::errc::result_out_of_range) return Field::OutOfRange;
    if (ec != std::errc() || end != w.data() + w.size()) return Field::Malformed;
    return Field::Ok;
}

bool FieldReader::atEnd() {
    std::string_view w;
    const std::string_view keep = rest_, keepLast = last_;
    const bool more = word(w);
    rest_ = keep;
    last_ = keepLast;
    return !more;
}

std::string describe(Field problem, std::string_view field) {
    const std::string f(field.substr(0, 40));
    switch (problem) {
        case Field::Ok:
            return "is fine";
        case Field::Missing:
            return "is missing";
        case Field::Malformed:
            return "'" + f + "' is not a number";
        case Field::OutOfRange:
            return "'" + f + "' is out of range";
        case Field::NotFinite:
            return "'" + f + "' is not finite";
    }
    return "is invalid";
}

}  // namespace sim
