#pragma once
// Reading our JSON files (scripted input now; scene and state files later) without trusting
// them. The file's size is bounded before it is read; parsing first runs a SAX pass that
// tracks where it is, so a syntax error or a number that overflows a double (1e400) is
// reported with the path of the value ("events[3].frame") as well as the file. Fields are
// then read through JsonFields, which checks type and range: 4294967297 or 1e20 for an int
// field is out of range, never wrapped or cast; nothing here throws.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace sim {

using Json = nlohmann::json;

inline constexpr std::uintmax_t kMaxJsonFileBytes = 64u << 20;
inline constexpr int kMaxJsonDepth = 64;

struct JsonFile {
    Json doc;
    std::string error;  // empty on success; names the file and, if known, the value's path
};

JsonFile readJsonFile(const std::string& path, std::uintmax_t maxBytes = kMaxJsonFileBytes);
// `packNumbers`: arrays of kPackedArrayMin or more numbers are held packed (see PackedNumbers),
// so that a tree costs at most a few bytes per byte of the text, whatever the file holds.
JsonFile parseJson(std::string_view text, const std::string& nameForMessages,
                   bool packNumbers = false);

// A packed array: a binary value of int32 (when every element was written as an integer
// that fits one) or double elements, which the JSON text itself never produces. A node of
// nlohmann's tree costs 16 bytes, eight times the text of an element such as "0,".
inline constexpr size_t kPackedArrayMin = 32;
struct PackedNumbers {
    const std::uint8_t* data = nullptr;
    size_t size = 0;
    bool int32 = false;
    long firstFloat = -1;  // elements before it were written as integers; -1: all were
    double at(size_t k) const;
    bool writtenAsInteger(size_t k) const { return firstFloat < 0 || long(k) < firstFloat; }
    Json element(size_t k) const;  // as the plain parse would have given it
};
std::optional<PackedNumbers> packedNumbers(const Json& value);

// Typed, range-checked access to the fields of one object. The first problem is kept in
// error() as "<where>: field '<key>' ..." and later calls return their fallback.
class JsonFields {
  public:
    JsonFields(const Json& object, std::string where);
    long long integer(const char* key, long long lo, long long hi,
                      std::optional<long long> fallback = {});
    double real(const char* key, double lo, double hi, std::optional<double> fallback = {});
    std::string text(const char* key, std::optional<std::string> fallback = {});
    bool boolean(const char* key, std::optional<bool> fallback = {});
    const std::string& error() const { return error_; }
    bool ok() const { return error_.empty(); }

  private:
    const Json* find(const char* key, bool required);
    void fail(const char* key, const std::string& what);

    const Json& object_;
    std::string where_, error_;
};

}  // namespace sim
