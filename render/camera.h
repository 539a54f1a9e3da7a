#pragma once
// Orbit camera: looks at `target` from `distance` along the direction given by yaw and
// pitch. Pure math (GLM), no GL, so its rays are unit-tested. Pixel coordinates are window
// pixels with y down, as GLFW reports the cursor.
#include <glm/glm.hpp>

namespace render {

struct CameraRay {
    glm::dvec3 origin{0.0};
    glm::dvec3 direction{0.0, 0.0, -1.0};  // unit length
};

class OrbitCamera {
  public:
    glm::dvec3 target{0.0, 0.8, 0.0};
    double distance = 3.0;
    double yaw = 0.6;     // radians about +y
    double pitch = 0.35;  // radians above the horizontal
    double fovY = 0.8;    // vertical field of view [rad]
    double nearPlane = 0.01, farPlane = 100.0;

    glm::dvec3 eye() const;
    glm::dvec3 forward() const;  // unit, from the eye to the target
    glm::mat4 view() const;
    glm::mat4 projection(double aspect) const;

    // The ray from the eye through the centre of pixel (px, py) of a width x height window.
    CameraRay rayThroughPixel(double px, double py, int width, int height) const;
    // The pixel (px, py) whose ray passes through `point` (in front of the eye): the inverse
    // of rayThroughPixel.
    glm::dvec2 pixelOf(const glm::dvec3& point, int width, int height) const;

    // Mouse motions, in pixels (orbit, pan) and wheel steps (zoom).
    void orbit(double dxPixels, double dyPixels);
    void pan(double dxPixels, double dyPixels, int heightPixels);
    void zoom(double wheelSteps);
    // Fits the box [lo, hi] in view of a window of this aspect (width / height), keeping the
    // viewing direction.
    void frame(const glm::dvec3& lo, const glm::dvec3& hi, double aspect = 1);
    // Whether the sphere around the box [lo, hi] lies inside the view cone, shrunk to
    // `margin` of its half angles, of a window of this aspect (width / height).
    bool inView(const glm::dvec3& lo, const glm::dvec3& hi, double aspect,
                double margin = 0.9) const;
    // Follows a moving subject: when its box leaves inView, moves the target towards the
    // box centre and backs off until it fits, by `blend` of the way (0..1, per call). When
    // the camera is more than 1.5x as far as the box needs, it comes back in the same way,
    // but never nearer than `nearest` (the distance the scene was framed at), so a subject
    // that spread and shrank again (a torn sheet whose scraps fell away) fills the view
    // again. A subject in view whose centre leaves the middle quarter of the view is turned
    // towards, at the same distance. Returns whether the camera moved.
    bool keepInView(const glm::dvec3& lo, const glm::dvec3& hi, double aspect, double blend,
                    double nearest = 1e300);
};

}  // namespace render
