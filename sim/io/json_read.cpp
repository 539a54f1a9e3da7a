#include "sim/io/json_read.h"

#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

#include "sim/io/text_scan.h"

namespace sim {

namespace {

// A SAX pass that only follows the path of the value being parsed, to name it in errors,
// and bounds the nesting depth.
class PathTracker : public nlohmann::json_sax<Json> {
  public:
    std::string error;
    int errorId = 0;  // nlohmann's exception id; 406: a number that overflows a double

    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
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
    };
    bool value() {
        if (!stack_.empty() && stack_.back().array) ++stack_.back().index;
        return true;
    }
    bool open(bool array) {
        if (static_cast<int>(stack_.size()) >= kMaxJsonDepth) {
            error = "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels";
            return false;
        }
        stack_.push_back({array, 0, {}});
        return true;
    }
    bool close() {
        stack_.pop_back();
        return value();
    }
    std::vector<Frame> stack_;
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

JsonFile parseJson(std::string_view text, const std::string& name) {
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
    file.doc = Json::parse(text.begin(), text.end(), nullptr, false);
    if (file.doc.is_discarded()) file.error = name + ": not valid JSON";
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

}  // namespace sim
