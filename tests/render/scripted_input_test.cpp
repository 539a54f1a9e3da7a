// Scripted input (app/gui/scripted_input.h) without a window: bad files are refused with a
// message naming the file, event and value; good events reach the same handlers as the
// mouse and keys (a press over the cloth grabs the particle under the cursor, keys pause
// and switch solver keeping the state, release restores the particle's pin state).
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <glm/glm.hpp>

#include "app/gui/scripted_input.h"

using namespace app::gui;

namespace {

std::string writeTemp(const std::string& name, const std::string& text) {
    const std::string path = testing::TempDir() + name;
    std::ofstream(path) << text;
    return path;
}

// The window pixel where world point p appears.
glm::dvec2 pixelOf(const Sandbox& s, const sim::Vec3& p) {
    const glm::dmat4 vp = glm::dmat4(s.camera.projection(double(s.windowWidth) / s.windowHeight)) *
                          glm::dmat4(s.camera.view());
    const glm::dvec4 c = vp * glm::dvec4(p.x(), p.y(), p.z(), 1.0);
    return {(c.x / c.w + 1) / 2 * s.windowWidth - 0.5, (1 - c.y / c.w) / 2 * s.windowHeight - 0.5};
}

}  // namespace

TEST(ScriptedInput, BadFilesNameTheProblem) {
    InputScript script;
    EXPECT_NE(script.load("/nonexistent/x.json").find("/nonexistent/x.json"), std::string::npos);
    std::string path = writeTemp("bad1.json", "{\"events\": [ {\"frame\": 1, ");
    EXPECT_NE(script.load(path).find("not valid JSON"), std::string::npos);
    path = writeTemp("bad2.json", R"({"events": [{"frame": 1, "type": "move", "x": 1, "y": 2},
                                                 {"frame": 2, "type": "key", "key": "f13"}]})");
    const std::string error = script.load(path);
    EXPECT_NE(error.find("event 1"), std::string::npos) << error;
    EXPECT_NE(error.find("f13"), std::string::npos) << error;
    path = writeTemp("bad3.json", R"({"events": [{"frame": -4, "type": "move", "x": 1, "y": 2}]})");
    EXPECT_NE(script.load(path).find("-4"), std::string::npos);
    path = writeTemp("bad4.json", R"({"events": [{"frame": 1, "type": "press", "button": "side"}]})");
    EXPECT_NE(script.load(path).find("side"), std::string::npos);
}

TEST(ScriptedInput, PressOverClothGrabsThenKeysSwitchSolverKeepingState) {
    Sandbox s;
    ASSERT_TRUE(loadScene(s, "hanging_cloth", 8));
    frameScene(s);
    // The free far corner (row 8, col 8) of the 9 x 9 grid, nudged towards the cloth centre
    // so the ray hits a triangle of which it is the nearest vertex.
    const int corner = 8 * 9 + 8;
    const sim::Vec3 centre = s.world.particles.x[4 * 9 + 4];
    const sim::Vec3 aim = s.world.particles.x[corner] + 0.05 * (centre - s.world.particles.x[corner]);
    const glm::dvec2 px = pixelOf(s, aim);
    const std::string path = writeTemp("good.json",
        "{\"events\": [{\"frame\": 0, \"type\": \"move\", \"x\": " + std::to_string(px.x) +
        ", \"y\": " + std::to_string(px.y) + "}, {\"frame\": 0, \"type\": \"press\"},"
        " {\"frame\": 1, \"type\": \"move\", \"x\": " + std::to_string(px.x + 40) + ", \"y\": " +
        std::to_string(px.y - 30) + "}, {\"frame\": 2, \"type\": \"key\", \"key\": \"2\"},"
        " {\"frame\": 3, \"type\": \"key\", \"key\": \"space\"},"
        " {\"frame\": 4, \"type\": \"release\"}]}");
    InputScript script;
    ASSERT_EQ(script.load(path), "");

    script.dispatch(s, 0);
    ASSERT_TRUE(s.world.grab());
    EXPECT_EQ(s.world.grab()->particle, corner);
    EXPECT_TRUE(s.world.particles.pinned[corner]);  // pinned while held
    const sim::Vec3 before = s.world.grab()->target;
    script.dispatch(s, 1);
    const sim::Vec3 moved = s.world.grab()->target;
    EXPECT_GT((moved - before).norm(), 0.01);
    // The target stays in the plane through the grabbed point facing the camera.
    EXPECT_NEAR((moved - before).dot(s.grabPlaneNormal), 0.0, 1e-9);

    const std::vector<sim::Vec3> x = s.world.particles.x, v = s.world.particles.v;
    script.dispatch(s, 2);
    EXPECT_EQ(s.world.settings.solver, sim::SolverKind::XPBD);
    EXPECT_EQ(s.world.particles.x, x);
    EXPECT_EQ(s.world.particles.v, v);
    EXPECT_TRUE(s.world.grab());
    script.dispatch(s, 3);
    EXPECT_TRUE(s.paused);
    script.dispatch(s, 4);
    EXPECT_FALSE(s.world.grab());
    EXPECT_FALSE(s.world.particles.pinned[corner]);  // its mass is back
    EXPECT_GT(s.world.particles.w[corner], 0.0);
}
