// The packed tree (json_read.h): parsing with packNumbers gives the plain parse's tree as the
// readers see it, for random documents mixing short and long arrays, integers that do and do
// not fit an int32, fractions, exponents, strings and nested containers.
#include "sim/io/json_read.h"

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>

using namespace sim;

namespace {

std::string randomNumber(std::mt19937& rng) {
    switch (rng() % 6) {
        case 0:
            return std::to_string(int(rng() % 2000) - 1000);
        case 1:
            return std::to_string(rng() % 10);
        case 2:
            return std::to_string(4294967296LL + rng() % 100);
        case 3:
            return std::to_string(-9223372036854775807LL + static_cast<long long>(rng() % 10));
        case 4:
            return std::to_string(18446744073709551615ULL - rng() % 10);
        default:
            return std::to_string(int(rng() % 100)) + ".5e" + std::to_string(rng() % 5);
    }
}

std::string randomValue(std::mt19937& rng, int depth) {
    const unsigned kind = depth > 3 ? 0 : rng() % 8;
    if (kind <= 2) return randomNumber(rng);
    if (kind == 3) return rng() % 2 ? "\"s\"" : "null";
    const bool object = kind == 4;
    // Long arrays of numbers, sometimes with one other value at a random place.
    const size_t n = rng() % 3 ? rng() % 6 : 20 + rng() % 40;
    const bool numbers = !object && rng() % 2;
    const size_t odd = rng() % (n + 5);
    std::string s = object ? "{" : "[";
    for (size_t k = 0; k < n; ++k) {
        if (k) s += ",";
        if (object) s += "\"k" + std::to_string(k) + "\":";
        s += numbers && k != odd ? randomNumber(rng) : randomValue(rng, depth + 1);
    }
    return s + (object ? "}" : "]");
}

// A tree as the readers see it: numbers as doubles (a packed double array keeps integers past
// 2^53 rounded), and each long array of numbers followed by the index of its first element
// written with a fraction or exponent, before which ints() accepts the elements.
Json readersView(const Json& j) {
    if (const auto p = packedNumbers(j)) {
        Json a = Json::array();
        for (size_t k = 0; k < p->size; ++k) a.push_back(p->at(k));
        a.push_back("first float " + std::to_string(p->firstFloat));
        return a;
    }
    if (j.is_number()) return j.get<double>();
    if (!j.is_structured()) return j;
    Json out = j.is_array() ? Json::array() : Json::object();
    bool numbers = true;
    long firstFloat = -1;
    for (auto it = j.begin(); it != j.end(); ++it) {
        numbers = numbers && it->is_number();
        if (firstFloat < 0 && it->is_number_float()) firstFloat = long(out.size());
        if (j.is_array())
            out.push_back(readersView(*it));
        else
            out[it.key()] = readersView(*it);
    }
    if (j.is_array() && numbers && j.size() >= kPackedArrayMin)
        out.push_back("first float " + std::to_string(firstFloat));
    return out;
}

}  // namespace

TEST(JsonRead, PackedTreeReadsBackAsThePlainParse) {
    std::mt19937 rng(7);
    int packedArrays = 0;
    for (int doc = 0; doc < 400; ++doc) {
        const std::string text =
            "{\"a\":" + randomValue(rng, 0) + ",\"b\":" + randomValue(rng, 0) + "}";
        const Json plain = Json::parse(text);
        const JsonFile file = parseJson(text, "doc", true);
        ASSERT_EQ(file.error, "") << text;
        std::function<void(const Json&)> count = [&](const Json& j) {
            if (packedNumbers(j)) ++packedArrays;
            if (j.is_structured())
                for (const Json& e : j) count(e);
        };
        count(file.doc);
        EXPECT_EQ(readersView(file.doc).dump(), readersView(plain).dump()) << text;
    }
    EXPECT_GT(packedArrays, 50);
}
