// Orbit camera rays (render/camera.h): the centre pixel looks at the target, rays agree with
// the projection matrix, pan moves the target under the cursor, zoom and frame keep the
// view direction.
#include "render/camera.h"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

using render::OrbitCamera;

namespace {
void expectNear(const glm::dvec3& a, const glm::dvec3& b, double tol) {
    EXPECT_NEAR(a.x, b.x, tol);
    EXPECT_NEAR(a.y, b.y, tol);
    EXPECT_NEAR(a.z, b.z, tol);
}
}  // namespace

TEST(Camera, CentrePixelRayPointsAtTarget) {
    OrbitCamera cam;
    cam.target = {0.3, 1.0, -0.2};
    // An odd-sized window has a true centre pixel.
    const auto ray = cam.rayThroughPixel(320, 240, 641, 481);
    expectNear(ray.origin, cam.eye(), 1e-12);
    expectNear(ray.direction, glm::normalize(cam.target - cam.eye()), 1e-12);
    EXPECT_NEAR(glm::length(ray.direction), 1.0, 1e-12);
}

TEST(Camera, RayProjectsBackToItsPixel) {
    OrbitCamera cam;
    cam.yaw = -0.7;
    cam.pitch = 0.5;
    const int w = 800, h = 500;
    const glm::dmat4 viewProj = glm::dmat4(cam.projection(double(w) / h)) * glm::dmat4(cam.view());
    for (auto [px, py] : {std::pair{10.0, 20.0}, {400.0, 250.0}, {790.0, 480.0}, {123.0, 456.0}}) {
        const auto ray = cam.rayThroughPixel(px, py, w, h);
        const glm::dvec4 clip = viewProj * glm::dvec4(ray.origin + 2.5 * ray.direction, 1.0);
        const double sx = (clip.x / clip.w + 1) / 2 * w - 0.5;
        const double sy = (1 - clip.y / clip.w) / 2 * h - 0.5;
        EXPECT_NEAR(sx, px, 1e-3);  // float matrices
        EXPECT_NEAR(sy, py, 1e-3);
    }
}

TEST(Camera, RightPixelsLookRightAndTopPixelsLookUp) {
    OrbitCamera cam;
    cam.yaw = 0;
    cam.pitch = 0;  // looking down -z from +z
    const auto left = cam.rayThroughPixel(0, 240, 640, 480);
    const auto right = cam.rayThroughPixel(639, 240, 640, 480);
    const auto top = cam.rayThroughPixel(320, 0, 640, 480);
    EXPECT_LT(left.direction.x, 0);
    EXPECT_GT(right.direction.x, 0);
    EXPECT_GT(top.direction.y, 0);
    EXPECT_LT(left.direction.z, 0);
}

TEST(Camera, PanZoomAndFrame) {
    OrbitCamera cam;
    const glm::dvec3 f0 = cam.forward();
    const glm::dvec3 t0 = cam.target;
    cam.pan(-100, 0, 600);  // drag left: the scene moves left, the target moves right
    const glm::dvec3 right = glm::normalize(glm::cross(f0, glm::dvec3(0, 1, 0)));
    EXPECT_GT(glm::dot(cam.target - t0, right), 0);
    expectNear(cam.forward(), f0, 1e-12);
    const double d = cam.distance;
    cam.zoom(1);
    EXPECT_LT(cam.distance, d);
    cam.frame({-1, 0, -1}, {1, 2, 1});
    expectNear(cam.target, {0, 1, 0}, 1e-12);
    EXPECT_GT(cam.distance, std::sqrt(3.0));  // the box's bounding sphere fits
    expectNear(cam.forward(), f0, 1e-12);
}

// pixelOf inverts rayThroughPixel: a point on a pixel's ray projects back to that pixel, at
// any depth and window shape.
TEST(Camera, PixelOfAPointOnAPixelsRayIsThatPixel) {
    render::OrbitCamera c;
    c.yaw = 0.9, c.pitch = -0.3, c.distance = 4.0;
    for (double depth : {0.5, 2.5, 20.0})
        for (auto [px, py] :
             {std::pair{0.0, 0.0}, {640.0, 360.0}, {1279.0, 719.0}, {37.5, 600.25}}) {
            const render::CameraRay ray = c.rayThroughPixel(px, py, 1280, 720);
            const glm::dvec2 back = c.pixelOf(ray.origin + depth * ray.direction, 1280, 720);
            EXPECT_NEAR(back.x, px, 1e-6) << depth;
            EXPECT_NEAR(back.y, py, 1e-6) << depth;
        }
}
