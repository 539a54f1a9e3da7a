#include "sim/io/json_read.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <sstream>
#include <vector>

#include "sim/io/text_scan.h"

namespace sim {

namespace {

// What the first pass learns about one array that the tree builder can use: its length (to
// reserve it) and, when every element is a number, how to pack it.
struct ArrayFacts {
    size_t ordinal;  // counts arrays in the order they open
    size_t count;
    bool numbers, int32;
    long firstFloat;  // index of the first number written with a fraction or exponent; -1: none
};

// A SAX pass that only follows the path of the value being parsed, to name it in errors,
// bounds the nesting depth, and notes the facts of every long array.
class PathTracker : public nlohmann::json_sax<Json> {
  public:
    std::string error;
    int errorId = 0;  // nlohmann's exception id; 406: a number that overflows a double
    std::vector<ArrayFacts> arrays;  // arrays of kPackedArrayMin or more elements

    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t v) override {
        return number(true, v >= INT32_MIN && v <= INT32_MAX);
    }
    bool number_unsigned(number_unsigned_t v) override {
        return number(true, v <= number_unsigned_t(INT32_MAX));
    }
    bool number_float(number_float_t, const string_t&) override { return number(false, false); }
    bool string(string_t&) override { return value(); }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override { return open(false); }
    bool key(string_t& k) override {
        stack_.back().key = k.substr(0, 64);
        return true;
    }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(true); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t, const std::string&,
                     const nlohmann::detail::exception& ex) override {
        error = ex.what();
        errorId = ex.id;
        return false;
    }
    std::string path() const {
        std::string p;
        for (const Frame& f : stack_) {
            if (f.array)
                p += "[" + std::to_string(f.index) + "]";
            else if (!f.key.empty())
                p += (p.empty() ? "" : ".") + f.key;
        }
        return p;
    }

  private:
    struct Frame {
        bool array;
        long index = 0;
        std::string key;
        size_t ordinal = 0;
        bool numbers = true, int32 = true;
        long firstFloat = -1;
    };
    bool number(bool integer, bool int32) {
        if (!stack_.empty() && stack_.back().array) {
            Frame& f = stack_.back();
            f.int32 = f.int32 && int32;
            if (!integer && f.firstFloat < 0) f.firstFloat = f.index;
            ++f.index;
        }
        return true;
    }
    bool value() {
        if (!stack_.empty() && stack_.back().array) {
            stack_.back().numbers = false;
            ++stack_.back().index;
        }
        return true;
    }
    bool open(bool array) {
        if (static_cast<int>(stack_.size()) >= kMaxJsonDepth) {
            error = "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels";
            return false;
        }
        if (!stack_.empty()) stack_.back().numbers = false;
        stack_.push_back({array, 0, {}, array ? ordinal_++ : 0});
        return true;
    }
    bool close() {
        const Frame& f = stack_.back();
        if (f.array && f.index >= long(kPackedArrayMin))
            arrays.push_back(
                {f.ordinal, size_t(f.index), f.numbers, f.numbers && f.int32, f.firstFloat});
        stack_.pop_back();
        if (!stack_.empty() && stack_.back().array) ++stack_.back().index;
        return true;
    }
    std::vector<Frame> stack_;
    size_t ordinal_ = 0;
};

constexpr std::uint64_t kPackedInt32 = 1, kPackedDouble = 2;

// The second pass: builds the tree, reserving long arrays and packing long arrays of
// numbers (PackedNumbers). It reads text the first pass accepted, so it meets no error.
class TreeBuilder : public nlohmann::json_sax<Json> {
  public:
    TreeBuilder(Json& root, const std::vector<ArrayFacts>& facts, bool pack)
        : root_(root), facts_(facts), pack_(pack) {}

    bool null() override { return add(Json(nullptr)) != nullptr; }
    bool boolean(bool b) override { return add(Json(b)) != nullptr; }
    bool number_integer(number_integer_t v) override {
        return packing_ ? packNumber(double(v), true, v) : add(Json(v)) != nullptr;
    }
    bool number_unsigned(number_unsigned_t v) override {
        const bool fits = v <= number_unsigned_t(LLONG_MAX);
        return packing_ ? packNumber(double(v), fits, fits ? (long long)v : 0)
                        : add(Json(v)) != nullptr;
    }
    bool number_float(number_float_t v, const string_t&) override {
        return packing_ ? packNumber(v, false, 0) : add(Json(v)) != nullptr;
    }
    bool string(string_t& s) override { return !packing_ && add(Json(std::move(s))) != nullptr; }
    bool binary(binary_t&) override { return false; }
    bool start_object(std::size_t) override {
        Json* v = packing_ ? nullptr : add(Json::object());
        if (v) stack_.push_back(v);
        return v != nullptr;
    }
    bool key(string_t& k) override {
        slot_ = &(*stack_.back())[k];
        return true;
    }
    bool end_object() override {
        stack_.pop_back();
        return true;
    }
    bool start_array(std::size_t) override {
        if (packing_) return false;
        const ArrayFacts* f = nullptr;
        if (next_ < facts_.size() && facts_[next_].ordinal == ordinal_) f = &facts_[next_++];
        ++ordinal_;
        if (f && f->numbers && pack_) {
            packInt32_ = f->int32;
            std::vector<std::uint8_t> bytes;
            bytes.reserve(f->count * (packInt32_ ? 4 : 8));
            const std::uint64_t firstFloat = std::uint64_t(f->firstFloat + 1);
            Json* v = add(Json::binary(
                std::move(bytes), (packInt32_ ? kPackedInt32 : kPackedDouble) | firstFloat << 8));
            packing_ = &v->get_binary();
            return true;
        }
        Json* v = add(Json::array());
        if (f) v->get_ref<Json::array_t&>().reserve(f->count);
        stack_.push_back(v);
        return true;
    }
    bool end_array() override {
        if (packing_)
            packing_ = nullptr;
        else
            stack_.pop_back();
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
        return false;
    }

  private:
    Json* add(Json&& v) {
        if (stack_.empty()) {
            root_ = std::move(v);
            return &root_;
        }
        Json& top = *stack_.back();
        if (top.is_array()) {
            auto& a = top.get_ref<Json::array_t&>();
            a.push_back(std::move(v));
            return &a.back();
        }
        *slot_ = std::move(v);
        return slot_;
    }
    // `whole`: the value, when `integer` (it was written as an integer that fits a long long).
    bool packNumber(double value, bool integer, long long whole) {
        if (packInt32_) {
            if (!integer || whole < INT32_MIN || whole > INT32_MAX) return false;
            const std::int32_t v = std::int32_t(whole);
            const auto* b = reinterpret_cast<const std::uint8_t*>(&v);
            packing_->insert(packing_->end(), b, b + sizeof v);
        } else {
            const auto* b = reinterpret_cast<const std::uint8_t*>(&value);
            packing_->insert(packing_->end(), b, b + sizeof value);
        }
        return true;
    }

    Json& root_;
    const std::vector<ArrayFacts>& facts_;
    bool pack_;
    std::vector<Json*> stack_;
    Json* slot_ = nullptr;
    Json::binary_t* packing_ = nullptr;
    bool packInt32_ = false;
    size_t ordinal_ = 0, next_ = 0;
};

std::string shortNumber(const Json& v) {
    std::ostringstream out;
    out.precision(12);
    if (v.is_number_unsigned())
        out << v.get<std::uint64_t>();
    else if (v.is_number_integer())
        out << v.get<std::int64_t>();
    else
        out << v.get<double>();
    return out.str();
}

const char* typeName(const Json& v) {
    return v.type_name();
}

}  // namespace

JsonFile parseJson(std::string_view text, const std::string& name, bool packNumbers) {
    JsonFile file;
    PathTracker tracker;
    const bool ok = Json::sax_parse(text.begin(), text.end(), &tracker);
    if (!ok || !tracker.error.empty()) {
        const std::string at = tracker.path();
        const std::string what = tracker.errorId == 406 ? "number out of range: " + tracker.error
                                                        : "not valid JSON: " + tracker.error;
        file.error = name + ": " + (at.empty() ? "" : at + ": ") + what;
        return file;
    }
    std::sort(tracker.arrays.begin(), tracker.arrays.end(),
              [](const ArrayFacts& a, const ArrayFacts& b) { return a.ordinal < b.ordinal; });
    TreeBuilder builder(file.doc, tracker.arrays, packNumbers);
    if (!Json::sax_parse(text.begin(), text.end(), &builder))
        file.error = name + ": not valid JSON";
    return file;
}

JsonFile readJsonFile(const std::string& path, std::uintmax_t maxBytes) {
    std::string text;
    if (std::string error = readTextFile(path, text, maxBytes); !error.empty()) return {{}, error};
    return parseJson(text, path);
}

JsonFields::JsonFields(const Json& object, std::string where)
    : object_(object), where_(std::move(where)) {
    if (!object_.is_object()) error_ = where_ + ": expected an object, got " + typeName(object_);
}

void JsonFields::fail(const char* key, const std::string& what) {
    if (error_.empty()) error_ = where_ + ": field '" + key + "' " + what;
}

const Json* JsonFields::find(const char* key, bool required) {
    if (!error_.empty()) return nullptr;
    const auto it = object_.find(key);
    if (it == object_.end()) {
        if (required) fail(key, "is missing");
        return nullptr;
    }
    return &*it;
}

long long JsonFields::integer(const char* key, long long lo, long long hi,
                              std::optional<long long> fallback) {
    const Json* v = find(key, !fallback);
    if (!v) return fallback.value_or(lo);
    if (!v->is_number()) {
        fail(key, std::string("must be a number, not ") + typeName(*v));
        return fallback.value_or(lo);
    }
    // Compare in the value's own type: no wrap-around from unsigned or cast from double.
    bool inRange = false, integral = true;
    long long value = 0;
    if (v->is_number_unsigned()) {
        const std::uint64_t u = v->get<std::uint64_t>();
        inRange = hi >= 0 && u <= static_cast<std::uint64_t>(hi) && static_cast<long long>(u) >= lo;
        value = static_cast<long long>(u);
    } else if (v->is_number_integer()) {
        value = v->get<std::int64_t>();
        inRange = value >= lo && value <= hi;
    } else {
        const double d = v->get<double>();
        integral = std::isfinite(d) && d == std::floor(d);
        inRange = integral && d >= static_cast<double>(lo) && d <= static_cast<double>(hi);
        if (inRange) value = static_cast<long long>(d);
    }
    if (!integral)
        fail(key, shortNumber(*v) + " is not a whole number");
    else if (!inRange)
        fail(key, shortNumber(*v) + " is out of range [" + std::to_string(lo) + ", " +
                      std::to_string(hi) + "]");
    return ok() ? value : fallback.value_or(lo);
}

double JsonFields::real(const char* key, double lo, double hi, std::optional<double> fallback) {
    const Json* v = find(key, !fallback);
    if (!v) return fallback.value_or(lo);
    if (!v->is_number()) {
        fail(key, std::string("must be a number, not ") + typeName(*v));
        return fallback.value_or(lo);
    }
    const double d = v->get<double>();
    if (!(d >= lo && d <= hi)) {
        std::ostringstream range;
        range << "[" << lo << ", " << hi << "]";
        fail(key, shortNumber(*v) + " is out of range " + range.str());
        return fallback.value_or(lo);
    }
    return d;
}

std::string JsonFields::text(const char* key, std::optional<std::string> fallback) {
    const Json* v = find(key, !fallback);
    if (!v) return fallback.value_or("");
    if (!v->is_string()) {
        fail(key, std::string("must be a string, not ") + typeName(*v));
        return fallback.value_or("");
    }
    return v->get<std::string>();
}

bool JsonFields::boolean(const char* key, std::optional<bool> fallback) {
    const Json* v = find(key, !fallback);
    if (!v) return fallback.value_or(false);
    if (!v->is_boolean()) {
        fail(key, std::string("must be true or false, not ") + typeName(*v));
        return fallback.value_or(false);
    }
    return v->get<bool>();
}

double PackedNumbers::at(size_t k) const {
    if (int32) {
        std::int32_t v;
        std::memcpy(&v, data + 4 * k, sizeof v);
        return v;
    }
    double v;
    std::memcpy(&v, data + 8 * k, sizeof v);
    return v;
}

Json PackedNumbers::element(size_t k) const {
    const double v = at(k);
    if (writtenAsInteger(k) && v >= -0x1p63 && v < 0x1p63) return Json(std::int64_t(v));
    if (writtenAsInteger(k) && v >= 0)  // 2^64 is the double nearest to the largest uint64
        return Json(v < 0x1p64 ? std::uint64_t(v) : UINT64_MAX);
    return Json(v);
}

std::optional<PackedNumbers> packedNumbers(const Json& value) {
    if (!value.is_binary()) return std::nullopt;
    const Json::binary_t& b = value.get_binary();
    if (!b.has_subtype()) return std::nullopt;
    const std::uint64_t kind = b.subtype() & 0xff;
    if (kind != kPackedInt32 && kind != kPackedDouble) return std::nullopt;
    PackedNumbers p;
    p.int32 = kind == kPackedInt32;
    p.data = b.data();
    p.size = b.size() / (p.int32 ? 4 : 8);
    p.firstFloat = long(b.subtype() >> 8) - 1;
    return p;
}

}  // namespace sim
