#pragma once
// Helpers of the content tests (issue 17): a fresh temporary folder per test.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace content_test {

// An empty folder under the test temp dir, named after the running test.
inline std::string freshDir(const std::string& tag = "") {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    const std::filesystem::path dir =
        std::filesystem::path(testing::TempDir()) / "pbd_content" /
        (std::string(info->test_suite_name()) + "." + info->name() + tag);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir.string();
}

}  // namespace content_test
