#include "render/camera.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

namespace render {

glm::dvec3 OrbitCamera::forward() const {
    const double c = std::cos(pitch);
    return -glm::dvec3(c * std::sin(yaw), std::sin(pitch), c * std::cos(yaw));
}

glm::dvec3 OrbitCamera::eye() const {
    return target - distance * forward();
}

glm::mat4 OrbitCamera::view() const {
    return glm::mat4(glm::lookAt(eye(), target, glm::dvec3(0, 1, 0)));
}

glm::mat4 OrbitCamera::projection(double aspect) const {
    return glm::mat4(glm::perspective(fovY, aspect, nearPlane, farPlane));
}

CameraRay OrbitCamera::rayThroughPixel(double px, double py, int width, int height) const {
    // Normalised device coordinates of the pixel centre, y up.
    const double ndcX = 2.0 * (px + 0.5) / width - 1.0;
    const double ndcY = 1.0 - 2.0 * (py + 0.5) / height;
    const double tanHalf = std::tan(fovY / 2);
    const double aspect = static_cast<double>(width) / height;
    const glm::dvec3 f = forward();
    const glm::dvec3 right = glm::normalize(glm::cross(f, glm::dvec3(0, 1, 0)));
    const glm::dvec3 up = glm::cross(right, f);
    CameraRay ray;
    ray.origin = eye();
    ray.direction = glm::normalize(f + ndcX * tanHalf * aspect * right + ndcY * tanHalf * up);
    return ray;
}

glm::dvec2 OrbitCamera::pixelOf(const glm::dvec3& point, int width, int height) const {
    const double tanHalf = std::tan(fovY / 2);
    const double aspect = static_cast<double>(width) / height;
    const glm::dvec3 f = forward();
    const glm::dvec3 right = glm::normalize(glm::cross(f, glm::dvec3(0, 1, 0)));
    const glm::dvec3 up = glm::cross(right, f);
    const glm::dvec3 d = point - eye();
    const double depth = glm::dot(d, f);
    const double ndcX = glm::dot(d, right) / (depth * tanHalf * aspect);
    const double ndcY = glm::dot(d, up) / (depth * tanHalf);
    return {(ndcX + 1.0) * width / 2.0 - 0.5, (1.0 - ndcY) * height / 2.0 - 0.5};
}

void OrbitCamera::orbit(double dx, double dy) {
    yaw -= dx * 0.008;
    pitch = std::clamp(pitch + dy * 0.008, -1.5, 1.5);
}

void OrbitCamera::pan(double dx, double dy, int heightPixels) {
    const glm::dvec3 f = forward();
    const glm::dvec3 right = glm::normalize(glm::cross(f, glm::dvec3(0, 1, 0)));
    const glm::dvec3 up = glm::cross(right, f);
    // One pixel covers this many metres at the target's depth.
    const double metresPerPixel = 2.0 * distance * std::tan(fovY / 2) / std::max(heightPixels, 1);
    target += (-dx * right + dy * up) * metresPerPixel;
}

void OrbitCamera::zoom(double wheelSteps) {
    distance = std::clamp(distance * std::pow(0.88, wheelSteps), 0.05, 80.0);
}

namespace {
// Distance at which a sphere of radius r fills the smaller half angle of the view.
double fitDistance(double r, double fovY, double aspect) {
    const double halfX = std::atan(std::tan(fovY / 2) * aspect);
    return std::max(r, 0.05) / std::sin(std::min(fovY / 2, halfX)) * 1.05;
}
}  // namespace

void OrbitCamera::frame(const glm::dvec3& lo, const glm::dvec3& hi, double aspect) {
    target = 0.5 * (lo + hi);
    distance = fitDistance(std::max(0.5 * glm::length(hi - lo), 0.1), fovY, aspect);
}

bool OrbitCamera::inView(const glm::dvec3& lo, const glm::dvec3& hi, double aspect,
                         double margin) const {
    const glm::dvec3 c = 0.5 * (lo + hi);
    const double r = 0.5 * glm::length(hi - lo);
    const glm::dvec3 f = forward();
    const glm::dvec3 right = glm::normalize(glm::cross(f, glm::dvec3(0, 1, 0)));
    const glm::dvec3 up = glm::cross(right, f);
    const glm::dvec3 d = c - eye();
    const double depth = glm::dot(d, f);
    if (depth <= r) return false;  // behind the eye or around it
    const double tanY = std::tan(fovY / 2) * margin, tanX = std::tan(fovY / 2) * aspect * margin;
    // The sphere's centre offset plus its radius, both as tangents seen from the eye.
    const double spread = r / std::sqrt(depth * depth - r * r);
    return std::abs(glm::dot(d, right)) / depth + spread <= tanX &&
           std::abs(glm::dot(d, up)) / depth + spread <= tanY;
}

bool OrbitCamera::keepInView(const glm::dvec3& lo, const glm::dvec3& hi, double aspect,
                             double blend, double nearest) {
    const glm::dvec3 c = 0.5 * (lo + hi);
    const double r = 0.5 * glm::length(hi - lo);
    const double need = std::min(fitDistance(r, fovY, aspect), 80.0);  // as far as zoom goes
    if (inView(lo, hi, aspect)) {
        // Back in, with hysteresis (out at need, in beyond 1.5 need) so it does not pump.
        const double closer = std::max(1.25 * need, nearest);
        if (distance <= std::max(1.5 * need, nearest)) {
            // In view but drifted out of the middle quarter of the view (a chain swinging to one
            // side, under a panel): turn towards it, at the same distance.
            if (inView(c, c, aspect, 0.25)) return false;
            target += blend * (c - target);
            return true;
        }
        target += blend * (c - target);
        distance += blend * (closer - distance);
        return true;
    }
    target += blend * (c - target);
    if (distance < need) distance += blend * (need - distance);
    return true;
}

}  // namespace render
