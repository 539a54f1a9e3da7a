// The NumPy views of a world's particle arrays (py_world.h says when a view follows the world).
#include "python/py_world.h"

namespace pbdpy {

namespace {

static_assert(sizeof(sim::Vec3) == 3 * sizeof(double), "a view reads Vec3 as three doubles");

// What a view keeps alive: the storage of its generation and the world it came from.
struct ViewKeeper {
    std::shared_ptr<ViewStorage> storage;
    py::object world;
};

py::capsule keeper(const std::shared_ptr<ViewStorage>& storage, py::object world) {
    return py::capsule(new ViewKeeper{storage, std::move(world)},
                       [](void* p) { delete static_cast<ViewKeeper*>(p); });
}

py::array view(const py::dtype& dtype, std::vector<py::ssize_t> shape,
               std::vector<py::ssize_t> strides, const void* data, const py::capsule& base,
               bool writeable) {
    py::array a(dtype, std::move(shape), std::move(strides), data, base);
    if (!writeable) a.attr("setflags")(py::arg("write") = false);
    return a;
}

py::array vec3View(const std::vector<sim::Vec3>& v, const py::capsule& base, bool writeable) {
    const auto n = static_cast<py::ssize_t>(v.size());
    const auto d = static_cast<py::ssize_t>(sizeof(double));
    return view(py::dtype::of<double>(), {n, 3}, {3 * d, d}, v.data(), base, writeable);
}

}  // namespace

py::array PyWorld::positions(py::object self) {
    prepareView();
    return vec3View(world_.particles.x, keeper(views_, std::move(self)), true);
}

py::array PyWorld::velocities(py::object self) {
    prepareView();
    return vec3View(world_.particles.v, keeper(views_, std::move(self)), true);
}

py::array PyWorld::inverseMasses(py::object self) {
    prepareView();
    const std::vector<sim::Real>& w = world_.particles.w;
    return view(py::dtype::of<double>(), {static_cast<py::ssize_t>(w.size())}, {sizeof(double)},
                w.data(), keeper(views_, std::move(self)), false);
}

py::array PyWorld::masses(py::object self) {
    prepareView();
    const std::vector<sim::Real>& m = world_.particles.m;
    return view(py::dtype::of<double>(), {static_cast<py::ssize_t>(m.size())}, {sizeof(double)},
                m.data(), keeper(views_, std::move(self)), false);
}

py::array PyWorld::pins(py::object self) {
    prepareView();
    const std::vector<uint8_t>& pinned = world_.particles.pinned;
    return view(py::dtype("bool"), {static_cast<py::ssize_t>(pinned.size())}, {1}, pinned.data(),
                keeper(views_, std::move(self)), false);
}

py::array PyWorld::triangles() const {
    const auto n = static_cast<py::ssize_t>(world_.triangles.size());
    py::array_t<int32_t> out({n, py::ssize_t(3)});
    auto t = out.mutable_unchecked<2>();
    for (py::ssize_t i = 0; i < n; ++i)
        for (py::ssize_t k = 0; k < 3; ++k) t(i, k) = world_.triangles[i][k];
    return out;
}

}  // namespace pbdpy
