#include "python/py_world.h"

#include <pybind11/stl.h>

#include <charconv>
#include <cmath>
#include <fstream>

#include "sim/core/params.h"
#include "sim/io/obj_export.h"
#include "sim/io/state_file.h"
#include "sim/solvers/solver.h"
#include "sim/world/cut.h"
#include "sim/world/metrics.h"
#include "sim/world/state_hash.h"

namespace pbdpy {

void raiseOsError(const std::string& message) {
    PyErr_SetString(PyExc_OSError, message.c_str());
    throw py::error_already_set();
}

void raiseValueError(const std::string& message) {
    throw py::value_error(message);
}

namespace {

bool unreadable(const std::string& path) {
    if (path.empty()) return false;
    std::ifstream f(path, std::ios::binary);
    return !f.good();
}

std::string shortest(double v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

// A Python number as a double; ValueError naming `what` when it is none (or too large).
double number(const py::handle& h, const std::string& what) {
    const double d = PyFloat_AsDouble(h.ptr());
    if (d == -1.0 && PyErr_Occurred()) {
        PyErr_Clear();
        raiseValueError(what + " must be a number, not " + py::repr(h).cast<std::string>());
    }
    return d;
}

}  // namespace

std::string settingText(const py::handle& value) {
    if (py::isinstance<py::str>(value)) return value.cast<std::string>();
    if (py::isinstance<py::bool_>(value)) return value.cast<bool>() ? "true" : "false";
    if (py::isinstance<py::int_>(value)) return py::str(value).cast<std::string>();
    if (py::isinstance<py::float_>(value)) return shortest(value.cast<double>());
    if (py::isinstance<py::sequence>(value)) {
        const sim::Vec3 v = toVec3(value, "a vector setting");
        return shortest(v.x()) + "," + shortest(v.y()) + "," + shortest(v.z());
    }
    // NumPy scalars and the like: by their float value.
    if (PyNumber_Check(value.ptr()) != 0) return shortest(number(value, "a setting"));
    raiseValueError("a setting takes a str, bool, int, float or three numbers, not " +
                    py::str(py::type::handle_of(value)).cast<std::string>());
}

sim::Vec3 toVec3(const py::handle& value, const char* what) {
    if (!py::isinstance<py::sequence>(value) || py::isinstance<py::str>(value))
        raiseValueError(std::string(what) + " must be three numbers");
    const py::sequence s = py::reinterpret_borrow<py::sequence>(value);
    if (s.size() != 3)
        raiseValueError(std::string(what) + " must be three numbers, not " +
                        std::to_string(s.size()));
    sim::Vec3 v;
    for (int k = 0; k < 3; ++k) {
        const py::handle item = s[k];
        if (PyNumber_Check(item.ptr()) == 0 || py::isinstance<py::str>(item))
            raiseValueError(std::string(what) + " must be three numbers");
        v[k] = number(item, what);
        if (!std::isfinite(v[k])) raiseValueError(std::string(what) + " must be finite");
    }
    return v;
}

PyWorld::PyWorld(const app::Options& options) : options_(options) {
    if (std::string e = app::checkWorldOptions(options_); !e.empty()) raiseValueError(e);
    sim::World built;
    if (std::string e = app::loadWorld(options_, built, &loaded_); !e.empty()) {
        for (const std::string* path : {&options_.sceneFile, &options_.clothPath,
                                        &options_.softBodyPath, &options_.statePath})
            if (unreadable(*path)) raiseOsError(e);
        raiseValueError(e);
    }
    world_ = std::move(built);
}

void PyWorld::checkIdle() const {
    if (busy_) throw std::runtime_error("the world is stepping in another thread");
}

void PyWorld::checkIndex(int particle) const {
    checkIdle();
    if (particle < 0 || particle >= world_.particles.size())
        throw py::index_error("particle " + std::to_string(particle) +
                              " is out of range: " + "the world has " +
                              std::to_string(world_.particles.size()) + " particles");
}

void PyWorld::checkFinite() const {
    const sim::Particles& P = world_.particles;
    for (int i = 0; i < P.size(); ++i)
        if (!P.x[i].allFinite() || !P.v[i].allFinite())
            raiseValueError("particle " + std::to_string(i) + " has a non-finite " +
                            (P.x[i].allFinite() ? "velocity" : "position") +
                            ": the world was not stepped");
}

namespace {

// The capacity the particle arrays get when views may point into them: twice the particles
// and a margin, so that tearing rarely makes the module retire a view.
size_t viewRoom(const sim::Particles& P) {
    return 2 * static_cast<size_t>(P.size()) + 1024;
}

}  // namespace

void PyWorld::prepareView() {
    checkIdle();
    sim::Particles& P = world_.particles;
    const size_t room = viewRoom(P);
    if (P.x.capacity() >= room / 2 + 512 && P.v.capacity() >= room / 2 + 512) return;
    if (views_.use_count() > 1) {
        retireViews();
        return;
    }
    P.x.reserve(room), P.v.reserve(room), P.m.reserve(room), P.w.reserve(room);
    P.pinned.reserve(room);
}

void PyWorld::retireViews() {
    sim::Particles& P = world_.particles;
    ViewStorage& old = *views_;
    const size_t room = viewRoom(P);
    auto retire = [room](auto& from, auto& into) {
        into = std::move(from);
        from.reserve(room);
        from.assign(into.begin(), into.end());
    };
    retire(P.x, old.x);
    retire(P.v, old.v);
    retire(P.m, old.m);
    retire(P.w, old.w);
    retire(P.pinned, old.pinned);
    views_ = std::make_shared<ViewStorage>();
}

void PyWorld::guardViews(long growth) {
    if (views_.use_count() == 1) return;  // no view of the current arrays is alive
    const sim::Particles& P = world_.particles;
    const size_t need = static_cast<size_t>(P.size()) + static_cast<size_t>(std::max(growth, 0L));
    const bool fits = growth >= 0 && P.x.capacity() >= need && P.v.capacity() >= need &&
                      P.m.capacity() >= need && P.w.capacity() >= need &&
                      P.pinned.capacity() >= need;
    if (!fits) retireViews();
}

void PyWorld::step(int frames) {
    checkIdle();
    if (frames < 0) raiseValueError("frames " + std::to_string(frames) + " must be >= 0");
    for (int f = 0; f < frames; ++f) {
        checkFinite();
        // A step adds particles only by tearing: at most maxTearsPerSubstep splits, one new
        // particle each, per substep (sim/world/tearing.cpp).
        const sim::Settings& s = world_.settings;
        const bool tears = s.tearStrain > 0 && s.maxTearsPerSubstep > 0;
        guardViews(tears ? static_cast<long>(s.maxTearsPerSubstep) * s.substeps : 0);
        std::string failure;
        busy_ = true;
        {
            py::gil_scoped_release release;
            try {
                world_.step();
            } catch (const std::exception& e) {  // StepFailure: the world is back at its last state
                failure = "the step to frame " + std::to_string(world_.frame() + 1) +
                          " failed: " + e.what();
            }
        }
        busy_ = false;
        if (!failure.empty()) throw std::runtime_error(failure);
        if (PyErr_CheckSignals() != 0) throw py::error_already_set();  // Ctrl+C between frames
    }
}

void PyWorld::reset() {
    checkIdle();
    sim::World fresh;
    app::LoadedWorld loaded;
    if (std::string e = app::loadWorld(options_, fresh, &loaded); !e.empty()) raiseValueError(e);
    guardViews(-1);
    world_ = std::move(fresh);
    loaded_ = std::move(loaded);
}

void PyWorld::cut(const sim::Vec3& eye, const sim::Vec3& a, const sim::Vec3& b, int* split) {
    checkIdle();
    guardViews(-1);  // a cut may split any number of vertices
    *split = sim::cutAlongStroke(world_, {eye, a, b});
}

void PyWorld::set(const std::string& name, const py::object& value) {
    checkIdle();
    const std::string text = settingText(value);
    sim::Settings edit = world_.settings;
    if (std::string e = sim::setParam(edit, name, text); !e.empty()) raiseValueError(e);
    if (std::string e = edit.validate(); !e.empty()) raiseValueError(e);
    const sim::SolverKind kind = edit.solver;
    edit.solver = world_.settings.solver;  // the solver goes on its own, as a switch
    world_.settings = edit;
    if (kind != world_.settings.solver) world_.setSolver(kind);
}

void PyWorld::setSolver(const std::string& name, bool crossfade) {
    set("solver", py::str(name));
    if (!crossfade) world_.solverSwitch.reset();
}

namespace {

py::object paramValue(const sim::Settings& s, const sim::ParamDesc& p) {
    switch (p.type) {
        case sim::ParamType::Int:
            return py::int_(static_cast<long long>(std::llround(p.get(s))));
        case sim::ParamType::Real:
            return py::float_(p.get(s));
        case sim::ParamType::Bool:
            return py::bool_(p.get(s) != 0);
        case sim::ParamType::Choice:
            return py::str(sim::paramText(s, p));
        case sim::ParamType::Vec3: {
            const sim::Vec3 v = p.getVec(s);
            return py::make_tuple(v.x(), v.y(), v.z());
        }
    }
    return py::none();
}

}  // namespace

py::object PyWorld::get(const std::string& name) const {
    checkIdle();
    const sim::ParamDesc* p = sim::findParam(name);
    if (!p) raiseValueError(sim::unknownParamMessage(name));
    return paramValue(world_.settings, *p);
}

py::dict PyWorld::settings() const {
    checkIdle();
    py::dict d;
    for (const sim::ParamDesc& p : sim::allParams()) d[p.name] = paramValue(world_.settings, p);
    return d;
}

void PyWorld::pin(int particle, bool pinned) {
    checkIndex(particle);
    world_.pin(particle, pinned);
}

void PyWorld::grab(int particle, const sim::Vec3& target) {
    checkIndex(particle);
    world_.beginGrab(particle, target);
}

void PyWorld::moveGrab(const sim::Vec3& target) {
    checkIdle();
    if (!world_.grab()) raiseValueError("move_grab: nothing is grabbed (call grab first)");
    world_.moveGrab(target);
}

void PyWorld::release() {
    checkIdle();
    world_.endGrab();
}

py::object PyWorld::grabbed() const {
    if (!world_.grab()) return py::none();
    return py::int_(world_.grab()->particle);
}

py::dict PyWorld::stats() const {
    checkIdle();
    const sim::FrameMetrics m = sim::measure(world_);
    const sim::SolverStats& s = world_.solver().stats();
    py::dict d;
    d["frame"] = world_.frame();
    d["time"] = world_.time();
    d["solver"] = sim::solverName(world_.settings.solver);
    d["particles"] = world_.particles.size();
    d["constraints"] = world_.constraints.size();
    d["ms"] = world_.profile.total;
    for (const sim::StageInfo& st : sim::kStages)
        d[py::str("ms_" + std::string(st.csv))] = world_.profile[st.stage];
    d["max_strain"] = m.maxStrain;
    d["mean_strain"] = m.meanStrain;
    d["stretch_violation"] = m.stretchViolation;
    d["bend_violation"] = m.bendViolation;
    d["kinetic_energy"] = m.kineticEnergy;
    d["iterations"] = s.iterations;
    d["residual"] = s.residual;
    d["residual_history"] = py::cast(s.residualHistory);
    py::dict figures, units;
    s.visit([&](const char* name, double value, const char* unit) {
        figures[name] = value;
        units[name] = unit;
    });
    d["solver_stats"] = figures;
    d["solver_stat_units"] = units;
    d["grabbed"] = grabbed();
    return d;
}

std::string PyWorld::stateHash() const {
    checkIdle();
    return sim::stateHashText(world_);
}

void PyWorld::saveState(const std::string& path) const {
    checkIdle();
    if (std::string e = sim::saveState(world_, path, loaded_.name); !e.empty()) raiseOsError(e);
}

void PyWorld::loadState(const std::string& path) {
    checkIdle();
    guardViews(-1);
    if (std::string e = sim::loadState(world_, path, nullptr, loaded_.name); !e.empty()) {
        if (unreadable(path)) raiseOsError(e);
        raiseValueError(e);
    }
}

void PyWorld::exportObj(const std::string& path) const {
    checkIdle();
    if (std::string e = sim::writeSurfaceObj(world_, path); !e.empty()) raiseOsError(e);
}

}  // namespace pbdpy
