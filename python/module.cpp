// pbd_sandbox._core: the simulation core as a Python extension (pybind11). The Python side of
// the package (python/pbd_sandbox/__init__.py) adds the benchmarks' records and re-exports
// this. Errors are Python exceptions carrying the command line's messages: ValueError for a
// bad value, OSError for a file that cannot be read or written, IndexError for a particle out
// of range, RuntimeError for a step that failed (the world is back at its last state).
#include <pybind11/stl.h>

#include <optional>

#include "bench/bench_registry.h"
#include "python/py_world.h"
#include "sim/core/params.h"
#include "sim/scenes/scene_table.h"

namespace pbdpy {
namespace {

py::list scenes() {
    py::list out;
    for (const sim::SceneInfo& s : sim::sceneTable()) {
        py::dict d;
        d["name"] = s.name;
        d["category"] = s.category;
        d["resolution"] = s.defaultResolution;
        d["description"] = s.description;
        out.append(d);
    }
    return out;
}

const char* typeName(sim::ParamType t) {
    switch (t) {
        case sim::ParamType::Int:
            return "int";
        case sim::ParamType::Real:
            return "real";
        case sim::ParamType::Bool:
            return "bool";
        case sim::ParamType::Choice:
            return "choice";
        case sim::ParamType::Vec3:
            return "vec3";
    }
    return "";
}

py::list params() {
    static const char* const levels[] = {"basic", "advanced", "bench"};
    py::list out;
    for (const sim::ParamDesc& p : sim::allParams()) {
        py::dict d;
        d["name"] = p.name;
        d["group"] = p.group;
        d["type"] = typeName(p.type);
        d["level"] = levels[static_cast<int>(p.level)];
        d["min"] = p.min;
        d["max"] = p.max;
        d["unit"] = p.unit;
        d["help"] = p.help;
        py::list choices;
        for (int k = 0; k < p.choiceCount; ++k) choices.append(p.choices[k]);
        d["choices"] = choices;
        out.append(d);
    }
    return out;
}

py::list benchCommands() {
    py::list out;
    for (const bench::BenchCommand& c : bench::benchCommands()) {
        CLI::App probe;
        CLI::App* sub = probe.add_subcommand(c.name, c.description);
        c.setup(*sub);
        py::dict d;
        d["name"] = c.name;
        d["description"] = c.description;
        d["csv"] = sub->get_option_no_throw("--csv") != nullptr;
        out.append(d);
    }
    return out;
}

int runBench(const std::vector<std::string>& args) {
    std::vector<std::string> argv{"pbd-bench"};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> raw;
    for (std::string& a : argv) raw.push_back(a.data());
    raw.push_back(nullptr);
    py::gil_scoped_release release;
    return bench::runBench(static_cast<int>(argv.size()), raw.data());
}

app::Options worldOptions(const std::string& scene, int res, const std::string& sceneFile,
                          const std::string& cloth, const std::string& softbody,
                          const std::string& state, bool pinTop, int tets, int triangles,
                          const std::optional<py::dict>& settings) {
    app::Options o;
    o.headless = true;
    o.scene = scene;
    o.sceneParams.resolution = res;
    o.sceneFile = sceneFile;
    o.clothPath = cloth;
    o.softBodyPath = softbody;
    o.statePath = state;
    o.pinTop = pinTop;
    o.tets = tets;
    o.clothTriangles = triangles;
    if (settings)
        for (const auto& [key, value] : *settings) {
            const std::string name = py::str(key).cast<std::string>();
            if (!sim::findParam(name)) raiseValueError(sim::unknownParamMessage(name));
            o.settings.set(name, settingText(value));
        }
    return o;
}

}  // namespace
}  // namespace pbdpy

namespace pbdpy {
namespace {

// The world's calls: stepping, settings, the hand, state files.
void bindWorldCalls(py::class_<PyWorld>& world) {
    world
        .def("step", &PyWorld::step, py::arg("frames") = 1,
             "Steps `frames` frames (the GIL released during each).")
        .def("reset", &PyWorld::reset, "Builds the world again as it was first built.")
        .def("set", &PyWorld::set, py::arg("name"), py::arg("value"),
             "Sets one setting by its --list-params name (the solver too); refuses a value out "
             "of range with the command line's message and leaves the settings unchanged.")
        .def("set_solver", &PyWorld::setSolver, py::arg("name"), py::arg("crossfade") = true,
             "Switches solver (pbd, xpbd, hpbd, mgpbd). With crossfade (as in the window and "
             "set('solver', ...)) both solvers blend for a quarter second of simulated time so "
             "the cloth does not jump; without, the new solver takes the next substep alone.")
        .def("get", &PyWorld::get, py::arg("name"), "One setting's value.")
        .def("settings", &PyWorld::settings, "Every setting, by name.")
        .def("pin", &PyWorld::pin, py::arg("particle"), py::arg("pinned") = true)
        .def(
            "grab",
            [](PyWorld& w, int particle, const py::object& target) {
                w.grab(particle, toVec3(target, "target"));
            },
            py::arg("particle"), py::arg("target"),
            "Holds a particle at a target, as the mouse does (its edges may pull it back).")
        .def(
            "move_grab",
            [](PyWorld& w, const py::object& target) { w.moveGrab(toVec3(target, "target")); },
            py::arg("target"))
        .def("release", &PyWorld::release, "Lets go of the grabbed particle.")
        .def(
            "cut",
            [](PyWorld& w, const py::object& eye, const py::object& a, const py::object& b) {
                int split = 0;
                w.cut(toVec3(eye, "eye"), toVec3(a, "a"), toVec3(b, "b"), &split);
                return split;
            },
            py::arg("eye"), py::arg("a"), py::arg("b"),
            "Cuts along the knife stroke seen from `eye` through points a and b; returns the "
            "vertices split.")
        .def_property_readonly("grabbed", &PyWorld::grabbed,
                               "The grabbed particle's index, or None.")
        .def("stats", &PyWorld::stats,
             "The last frame: ms per stage, strain, kinetic energy, the solver's iterations, "
             "residual (and its history over the last substep's iterations) and own numbers.")
        .def("state_hash", &PyWorld::stateHash,
             "The state hash, as `pbd-sandbox --headless` prints it.")
        .def("save_state", &PyWorld::saveState, py::arg("path"))
        .def("load_state", &PyWorld::loadState, py::arg("path"))
        .def("export_obj", &PyWorld::exportObj, py::arg("path"),
             "Writes the surface as an OBJ file.");
}

// The world's arrays and read-only facts.
void bindWorldArrays(py::class_<PyWorld>& world) {
    world
        .def_property_readonly(
            "positions", [](py::object self) { return self.cast<PyWorld&>().positions(self); })
        .def_property_readonly(
            "velocities", [](py::object self) { return self.cast<PyWorld&>().velocities(self); })
        .def_property_readonly(
            "inverse_masses",
            [](py::object self) { return self.cast<PyWorld&>().inverseMasses(self); })
        .def_property_readonly("masses",
                               [](py::object self) { return self.cast<PyWorld&>().masses(self); })
        .def_property_readonly("pinned",
                               [](py::object self) { return self.cast<PyWorld&>().pins(self); })
        .def_property_readonly("triangles", &PyWorld::triangles)
        .def_property_readonly("frame", [](const PyWorld& w) { return w.world().frame(); })
        .def_property_readonly("time", [](const PyWorld& w) { return w.world().time(); })
        .def_property_readonly("scene", &PyWorld::scene)
        .def_property_readonly("particle_count",
                               [](const PyWorld& w) { return w.world().particles.size(); })
        .def("__repr__", [](const PyWorld& w) {
            return "<pbd_sandbox.World " + w.scene() + ", " +
                   std::to_string(w.world().particles.size()) + " particles, frame " +
                   std::to_string(w.world().frame()) + ", " +
                   sim::solverName(w.world().settings.solver) + ">";
        });
}

}  // namespace
}  // namespace pbdpy

PYBIND11_MODULE(_core, m) {
    using namespace pbdpy;
    m.doc() = "The pbd-sandbox simulation core (see help(pbd_sandbox)).";
    m.def("scenes", &scenes, "The scene table: name, category, default resolution, description.");
    m.def("params", &params,
          "Every setting as `pbd-sandbox --list-params` lists it: name, group, type, level, "
          "range, unit, help, choices.");
    m.def("bench_commands", &benchCommands,
          "pbd-bench's subcommands: name, description, and whether it writes --csv.");
    m.def("run_bench", &runBench, py::arg("args"),
          "Runs `pbd-bench ARGS...` in this process (the GIL released) and returns its exit code.");

    py::class_<PyWorld> world(m, "World",
                              R"(A simulation world, built as `pbd-sandbox --headless` builds it.

World(scene="hanging_cloth", res=0, *, scene_file=None, cloth=None, softbody=None, state=None,
      pin_top=False, tets=5000, triangles=0, settings=None)

scene, res: a scene of the table (res 0: its default). scene_file: a scene file (JSON) instead.
cloth, softbody: your own mesh (OBJ, OFF, PLY, STL) as cloth or soft body instead. state: a
state file loaded after the scene. settings: {name: value} by `--list-params` name, applied
after the scene's own, as the command line's flags are.

positions and velocities are NumPy views (N, 3) of the world's arrays: no copy, writeable,
and they follow every step until the particle count grows (a tear or a cut); then take the
property again (the old view keeps the values of that moment). inverse_masses, masses and
pinned are read-only views; triangles is a copy.)");
    world.def(py::init([](const std::string& scene, int res, std::optional<std::string> sceneFile,
                          std::optional<std::string> cloth, std::optional<std::string> softbody,
                          std::optional<std::string> state, bool pinTop, int tets, int triangles,
                          std::optional<py::dict> settings) {
                  return std::make_unique<PyWorld>(worldOptions(
                      scene, res, sceneFile.value_or(""), cloth.value_or(""), softbody.value_or(""),
                      state.value_or(""), pinTop, tets, triangles, settings));
              }),
              py::arg("scene") = "hanging_cloth", py::arg("res") = 0, py::kw_only(),
              py::arg("scene_file") = py::none(), py::arg("cloth") = py::none(),
              py::arg("softbody") = py::none(), py::arg("state") = py::none(),
              py::arg("pin_top") = false, py::arg("tets") = 5000, py::arg("triangles") = 0,
              py::arg("settings") = py::none());
    bindWorldCalls(world);
    bindWorldArrays(world);
}
