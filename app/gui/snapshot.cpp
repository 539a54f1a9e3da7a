#include "app/gui/snapshot.h"

#include <algorithm>
#include <cmath>

namespace app::gui {

render::SurfaceView Snapshot::surface() const {
    render::SurfaceView view;
    view.positions = x;
    if (triangles) view.triangles = *triangles;
    view.strain = strain;
    view.topologyVersion = topologyVersion;
    return view;
}

std::optional<sim::PickHit> pick(const Snapshot& s, const sim::Ray& ray) {
    static const std::vector<sim::Triangle> none;
    return sim::pickParticle(s.x, s.triangles ? *s.triangles : none, s.loose, ray);
}

void particleStrain(const sim::World& world, std::vector<float>& out) {
    const auto& x = world.particles.x;
    out.assign(x.size(), 0.0f);
    auto note = [&](int i, int j, double rest, double now) {
        if (!(rest > 0)) return;
        const float s = static_cast<float>(std::abs(now - rest) / rest);
        out[i] = std::max(out[i], s);
        out[j] = std::max(out[j], s);
    };
    for (const sim::DistanceConstraint& c : world.constraints.distance)
        note(c.i, c.j, c.restLength, (x[c.i] - x[c.j]).norm());
    // Tet edges: rest edge vectors are the columns of Dm = restInverse^-1 (and differences).
    auto tet = [&](const auto& c) {
        const sim::Mat3 rest = c.restInverse.inverse();
        sim::Mat3 now;
        for (int k = 0; k < 3; ++k) now.col(k) = x[c.i[k + 1]] - x[c.i[0]];
        auto edge = [](const sim::Mat3& m, int a) {
            return a > 0 ? sim::Vec3(m.col(a - 1)) : sim::Vec3::Zero();
        };
        for (int a = 0; a < 4; ++a)
            for (int b = a + 1; b < 4; ++b)
                note(c.i[a], c.i[b], (edge(rest, b) - edge(rest, a)).norm(),
                     (edge(now, b) - edge(now, a)).norm());
    };
    for (const sim::ArapConstraint& c : world.constraints.arap) tet(c);
    for (const sim::ArapStrainConstraint& c : world.constraints.arapStrain) tet(c);
}

void fillSnapshot(const sim::World& world, const PublishOptions& o, Snapshot& out) {
    out.frame = world.frame();
    out.time = world.time();
    out.settings = world.settings;
    out.x = world.particles.x;
    out.pinned = world.particles.pinned;
    if (!out.triangles || out.topologyVersion != world.topologyVersion() ||
        out.triangles->size() != world.triangles.size()) {
        out.triangles = std::make_shared<const std::vector<sim::Triangle>>(world.triangles);
        out.loose = sim::looseParticles(world);
        out.topologyVersion = world.topologyVersion();
    }
    if (o.strain)
        particleStrain(world, out.strain);
    else
        out.strain.clear();
    out.grab = world.grab();
    out.colliders = world.colliders;
    out.colliderDrag = world.colliderDrag();
    out.constraintCount = world.constraints.size();
    out.sceneBounds = sim::sceneBounds(world);
    out.subjectBounds = sim::subjectBounds(world);

    out.draw.clear();
    sim::DrawOptions only;
    only.pins = only.grab = only.looseParticles = only.solver = false;
    only.pointScale = o.pointScale;
    out.draw.setLayer(render::DrawLayer::Colliders);
    sim::drawWorld(world, out.draw, only);
    only.colliders = false;
    only.pins = true;
    out.draw.setLayer(render::DrawLayer::Pins);
    sim::drawWorld(world, out.draw, only);
    sim::DrawOptions rest;
    rest.colliders = rest.pins = false;
    rest.contacts = o.contacts;
    rest.tetEdges = o.tetEdges;
    rest.particles = o.particles;
    rest.pointScale = o.pointScale;
    out.draw.setLayer(render::DrawLayer::World);
    sim::drawWorld(world, out.draw, rest);
}

}  // namespace app::gui
