// The world's parameters (params.h): time stepping, forces, materials, contacts, tearing.
#include "sim/core/params.h"

namespace sim {

namespace {

const char* const kBendingModels[] = {"dihedral", "isometric"};

// A material family on one slider: PBD k = s, XPBD alpha log-linear in s (settings.h).
#define PBD_MATERIAL(member, range)                               \
    [](const Settings& s) { return double(s.member.stiffness); }, \
        [](Settings& s, double v) { s.member = materialFromSlider(v, range); }

using T = ParamType;
using L = ParamLevel;

// Constant-initialised (function pointers and literals only), so it is ready before any
// other file's static initialiser asks for it.
constexpr ParamDesc kWorldParams[] = {
    {"solver", "world", T::Choice, L::Basic, 0, kSolverCount - 1, false, "",
     "constraint solver, one of the solver list (sim/core/solver_list.def; keys 1-9 in the "
     "window)",
     kSolverNames, kSolverCount, PBD_FIELD(solver)},
    {"dt", "world", T::Real, L::Basic, 1e-5, 1, true, "s", "simulated time per step", nullptr, 0,
     PBD_FIELD(frameDt)},
    {"substeps", "world", T::Int, L::Basic, 1, 1000, true, "", "substeps per step (dt / n each)",
     nullptr, 0, PBD_FIELD(substeps)},
    {"iterations", "world", T::Int, L::Basic, 0, 10000, true, "",
     "solver iterations per substep (n_s of PBD §3.3)", nullptr, 0, PBD_FIELD(iterations)},
    {"stretch", "world", T::Real, L::Basic, 0, 1, false, "",
     "stretch stiffness: PBD k, XPBD compliance 1e-2 .. 1e-10 m/N (log-linear), 1 = rigid", nullptr,
     0, PBD_MATERIAL(stretch, kStretchCompliance)},
    {"bend", "world", T::Real, L::Basic, 0, 1, false, "",
     "bending stiffness: PBD k, XPBD compliance 1e4 .. 1e-4 rad/(N m)", nullptr, 0,
     PBD_MATERIAL(bend, kBendCompliance)},
    {"bending-model", "world", T::Choice, L::Advanced, 0, 1, false, "",
     "cloth bending: dihedral angle (PBD appendix A) or isometric (Bergou et al. 2006: "
     "quadratic energy, constant Hessian, flat rest pose) at the same bend stiffness",
     kBendingModels, 2, PBD_FIELD(bendingModel)},
    {"volume", "world", T::Real, L::Advanced, 0, 1, false, "",
     "tet volume stiffness: PBD k, XPBD compliance 1e-2 .. 1e-10", nullptr, 0,
     PBD_MATERIAL(volume, kVolumeCompliance)},
    {"attachment", "world", T::Real, L::Advanced, 0, 1, false, "",
     "attachment stiffness: PBD k, XPBD compliance 1e-2 .. 1e-10 m/N", nullptr, 0,
     PBD_MATERIAL(attachment, kStretchCompliance)},
    {"mu", "world", T::Real, L::Advanced, 1e2, 1e13, true, "Pa",
     "ARAP shear modulus of soft bodies (compliance 1/(mu V_tet), MGPBD eq. 8)", nullptr, 0,
     [](const Settings& s) { return s.arap.compliance > 0 ? 1 / s.arap.compliance : 1e13; },
     [](Settings& s, double v) {
         s.arap = Material{1.0, 1 / v};
     }},
    {"pressure", "world", T::Real, L::Advanced, 0.1, 10, false, "",
     "k_pressure of PBD §4.4: a closed pressure surface (balloon) holds k_pressure times its "
     "rest volume; > 1 inflates it",
     nullptr, 0, PBD_FIELD(pressure)},
    {"damping", "world", T::Real, L::Basic, 0, 1, false, "",
     "k_damping of PBD §3.5 per substep (rigid motion kept)", nullptr, 0, PBD_FIELD(damping)},
    {"gravity", "world", T::Vec3, L::Basic, -100, 100, false, "m/s^2", "gravity", nullptr, 0,
     nullptr, nullptr, [](const Settings& s) { return s.gravity; },
     [](Settings& s, const Vec3& v) { s.gravity = v; }},
    {"wind", "world", T::Vec3, L::Basic, -100, 100, false, "m/s",
     "air velocity (drag on triangles)", nullptr, 0, nullptr, nullptr,
     [](const Settings& s) { return s.wind; }, [](Settings& s, const Vec3& v) { s.wind = v; }},
    {"wind-drag", "world", T::Real, L::Advanced, 0, 100, false, "kg/(m^2 s)",
     "drag coefficient per unit area", nullptr, 0, PBD_FIELD(windDrag)},
    {"thickness", "world", T::Real, L::Advanced, 0, 0.1, false, "m",
     "particles are kept this far outside colliders", nullptr, 0, PBD_FIELD(collisionThickness)},
    {"friction", "world", T::Real, L::Advanced, 0, 10, false, "",
     "kinetic Coulomb coefficient (algorithm line 16)", nullptr, 0, PBD_FIELD(friction)},
    {"static-friction", "world", T::Real, L::Advanced, 0, 10, false, "",
     "contacts slower than this Coulomb bound stick", nullptr, 0, PBD_FIELD(staticFriction)},
    {"restitution", "world", T::Real, L::Advanced, 0, 1, false, "",
     "normal velocity kept on bounce", nullptr, 0, PBD_FIELD(restitution)},
    {"self-collision", "world", T::Bool, L::Advanced, 0, 1, false, "",
     "vertex-triangle self collision (PBD §4.3)", nullptr, 0, PBD_FIELD(selfCollision)},
    {"body-contacts", "world", T::Bool, L::Advanced, 0, 1, false, "",
     "vertex-triangle contacts between separate pieces (soft bodies, cloths, torn pieces); "
     "self collision adds those within a piece",
     nullptr, 0, PBD_FIELD(bodyContacts)},
    {"edge-contacts", "world", T::Bool, L::Advanced, 0, 1, false, "",
     "edge-edge contacts, with self collision and between pieces: edges that pass through "
     "each other in the solve are pushed back",
     nullptr, 0, PBD_FIELD(edgeContacts)},
    {"self-thickness", "world", T::Real, L::Advanced, 1e-5, 0.1, true, "m",
     "h of PBD eq. 12: distance kept between layers", nullptr, 0, PBD_FIELD(selfThickness)},
    {"tethers", "world", T::Bool, L::Advanced, 0, 1, false, "",
     "long-range attachments: each particle within its rest geodesic distance of its nearest "
     "pin",
     nullptr, 0, PBD_FIELD(tethers)},
    {"grab-slip", "world", T::Real, L::Advanced, 0, 100, false, "",
     "the mouse's hand slips rather than stretch the held particle's edges past this "
     "strain (the limit of its pull); 0 = never (pinned to the cursor)",
     nullptr, 0, PBD_FIELD(grabSlipStrain)},
    {"tear", "world", T::Real, L::Advanced, 0, 100, false, "",
     "tear edges stretched beyond this strain (PBD §5); 0 = off", nullptr, 0,
     PBD_FIELD(tearStrain)},
    {"max-tears", "world", T::Int, L::Advanced, 0, 100000, true, "",
     "vertex splits per substep at most", nullptr, 0, PBD_FIELD(maxTearsPerSubstep)},
    {"track-residual", "world", T::Bool, L::Advanced, 0, 1, false, "",
     "PBD/XPBD/HPBD report their constraint residual (one extra pass per frame, in its last "
     "substep)",
     nullptr, 0, PBD_FIELD(trackResidual)},
    {"validate-each-stage", "world", T::Bool, L::Advanced, 0, 1, false, "",
     "index and mass checks after every stage (debug aid)", nullptr, 0,
     PBD_FIELD(validateEachStage)},
};

}  // namespace

std::span<const ParamDesc> worldParams() {
    return kWorldParams;
}

}  // namespace sim
