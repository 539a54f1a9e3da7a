#pragma once
// pbd_sandbox.World: one simulation world driven from Python, built the way the command line
// builds it (app::loadWorld), so a scene, its settings and its state hash are the same as
// `pbd-sandbox --headless` gives for the same flags.
//
// Arrays: positions and velocities are NumPy views of the world's own arrays (no copy), inverse
// masses, masses and pins read-only views; triangles are copies. A view follows the world
// until the particle count grows (a tear or a cut); then the module keeps the old storage
// alive for the views already handed out (they keep the values of that moment) and the
// property gives a fresh view. So no view ever points at freed memory.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "app/load_world.h"
#include "app/options.h"
#include "sim/world/world.h"

namespace pbdpy {

namespace py = pybind11;

// The particle arrays that views of one generation point into: empty while the world still
// owns them, the world's old arrays once it moved past them (a view keeps them alive).
struct ViewStorage {
    std::vector<sim::Vec3> x, v;
    std::vector<sim::Real> m, w;
    std::vector<uint8_t> pinned;
};

class PyWorld {
  public:
    // Builds the world (see the module's World docstring for the arguments); throws
    // ValueError or OSError with the command line's message.
    explicit PyWorld(const app::Options& options);

    void step(int frames);
    void reset();
    void cut(const sim::Vec3& eye, const sim::Vec3& a, const sim::Vec3& b, int* split);

    void set(const std::string& name, const py::object& value);
    // Switches solver; without `crossfade` the new one takes the next substep alone (the
    // window always crossfades, sim/world/solver_switch.h).
    void setSolver(const std::string& name, bool crossfade);
    py::object get(const std::string& name) const;
    py::dict settings() const;

    void pin(int particle, bool pinned);
    void grab(int particle, const sim::Vec3& target);
    void moveGrab(const sim::Vec3& target);
    void release();
    py::object grabbed() const;

    py::dict stats() const;
    std::string stateHash() const;
    void saveState(const std::string& path) const;
    void loadState(const std::string& path);
    void exportObj(const std::string& path) const;

    // Views (py_views.cpp); `self` is this world's Python object, which a view keeps alive.
    py::array positions(py::object self);
    py::array velocities(py::object self);
    py::array inverseMasses(py::object self);
    py::array masses(py::object self);
    py::array pins(py::object self);
    py::array triangles() const;

    const sim::World& world() const { return world_; }
    const std::string& scene() const { return loaded_.name; }

  private:
    // Before an operation that may grow or replace the particle arrays by up to `growth`
    // entries (-1: any number): when views are alive and the arrays could move, they are
    // retired into the views' storage first.
    void guardViews(long growth);
    void retireViews();
    // Before a view is handed out: room for the particle arrays to grow without moving.
    void prepareView();
    // A world steps with the GIL released; another thread's call meanwhile is refused.
    void checkIdle() const;
    void checkIndex(int particle) const;
    void checkFinite() const;

    app::Options options_;
    app::LoadedWorld loaded_;
    sim::World world_;
    std::shared_ptr<ViewStorage> views_ = std::make_shared<ViewStorage>();
    bool busy_ = false;  // a step runs (read and written with the GIL held)
};

// Raises OSError (file problems) or ValueError (anything else) with `message`.
[[noreturn]] void raiseOsError(const std::string& message);
[[noreturn]] void raiseValueError(const std::string& message);

// A value from Python as the text a setting reads (setParam): str as is, bool as true/false,
// numbers in shortest round-trip form, a sequence of three as "x,y,z".
std::string settingText(const py::handle& value);
sim::Vec3 toVec3(const py::handle& value, const char* what);

}  // namespace pbdpy
