#pragma once
// Simulation settings with documented units, a defaults() and a validate() (Box2D b2WorldDef
// style). Every field can change between two steps; nothing derived from topology lives here.
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <typeindex>
#include <typeinfo>
#include <utility>
#include <vector>

#include "sim/core/types.h"

namespace sim {

// The solvers of the solver list (solver_list.def), in its order.
// clang-format off
#define PBD_SOLVER(kind, name, title, make, params) kind,
enum class SolverKind {
#include "sim/core/solver_list.def"
};
#undef PBD_SOLVER
// Every kind's name ("pbd"), in list order: the `solver` setting's choices.
#define PBD_SOLVER(kind, name, title, make, params) name,
inline constexpr const char* kSolverNames[] = {
#include "sim/core/solver_list.def"
};
#undef PBD_SOLVER
// clang-format on
inline constexpr int kSolverCount = static_cast<int>(std::size(kSolverNames));

// How a constraint's strength enters its projection.
enum class ProjectionMode {
    Stiffness,   // PBD §3.3: corrections scaled by k' = 1-(1-k)^(1/n_s)
    Compliance,  // XPBD (Macklin et al. 2016): accumulated lambda with alpha~ = alpha/dt^2
};

// One constraint family's material, read by every solver. stiffness is PBD's k in [0,1];
// compliance is XPBD's alpha in the constraint's units per newton (0 = infinitely stiff).
struct Material {
    Real stiffness = 1.0;
    Real compliance = 0.0;
};

// The compliance span a stiffness slider covers, per constraint family: alpha at s = 0 and
// just below s = 1, in the family's units (m/N for stretch, rad/(N m) for bending).
struct ComplianceRange {
    Real softest;
    Real stiffest;
};
inline constexpr ComplianceRange kStretchCompliance{1e-2, 1e-10};
inline constexpr ComplianceRange kBendCompliance{1e4, 1e-4};
// Tet volume: alpha of C = 6(V - V0) [1/(N m^2)]; ARAP: alpha = 1/mu [1/Pa], divided by
// each tet's rest volume (MGPBD §5.3), so the slider spans mu = 1e3 .. 1e12 Pa.
inline constexpr ComplianceRange kVolumeCompliance{1e-2, 1e-10};
inline constexpr ComplianceRange kArapCompliance{1e-3, 1e-12};

// The one documented mapping from a UI slider s in [0,1] to both material forms:
// PBD k = s, and XPBD alpha = softest^(1-s) * stiffest^s (log-linear) for s < 1, alpha = 0
// at s = 1. So one slider acts alike on PBD, HPBD and MGPBD.
Material materialFromSlider(Real s, ComplianceRange range);

// Which bending constraint a cloth's hinges use: the dihedral angle (constraints/bending.h)
// or the isometric (quadratic, constant-Hessian) stencil (constraints/isometric_bending.h).
// World::step converts the hinges when the setting and the constraints differ.
enum class BendingModel { Dihedral, Isometric };

// The solvers' own settings blocks, held by value and copied with the Settings that hold
// them, so that the ground layer names no solver: a solver's folder defines its block type
// (a plain struct with default member values) and reads it with Settings::block<T>(). A
// block never written reads as its defaults.
class SolverBlocks {
  public:
    SolverBlocks() = default;
    SolverBlocks(const SolverBlocks& other) { *this = other; }
    SolverBlocks(SolverBlocks&&) noexcept = default;
    // Assignment keeps each block where it is and assigns its value, as a plain member would,
    // so that a reference to a block stays valid across `settings = other`; a block the other
    // side lacks goes back to its defaults.
    SolverBlocks& operator=(const SolverBlocks& other) {
        if (this == &other) return *this;
        for (auto& entry : blocks_) entry.second->reset();
        for (const auto& [type, theirs] : other.blocks_) {
            if (Block* mine = find(type))
                mine->assign(*theirs);
            else
                blocks_.emplace_back(type, theirs->clone());
        }
        return *this;
    }
    SolverBlocks& operator=(SolverBlocks&& other) { return *this = std::as_const(other); }
    ~SolverBlocks() = default;

    template <class T>
    T& get() {
        if (Block* mine = find(typeid(T))) return static_cast<Of<T>&>(*mine).value;
        blocks_.emplace_back(typeid(T), std::make_unique<Of<T>>());
        return static_cast<Of<T>&>(*blocks_.back().second).value;
    }
    template <class T>
    const T& get() const {
        if (const Block* mine = find(typeid(T))) return static_cast<const Of<T>&>(*mine).value;
        static const T defaults{};
        return defaults;
    }

  private:
    struct Block {
        virtual ~Block() = default;
        virtual std::unique_ptr<Block> clone() const = 0;
        virtual void assign(const Block& other) = 0;  // other holds the same type
        virtual void reset() = 0;
    };
    template <class T>
    struct Of final : Block {
        T value{};
        std::unique_ptr<Block> clone() const override { return std::make_unique<Of>(*this); }
        void assign(const Block& other) override { value = static_cast<const Of&>(other).value; }
        void reset() override { value = T{}; }
    };
    Block* find(std::type_index type) const {
        for (const auto& [t, block] : blocks_)
            if (t == type) return block.get();
        return nullptr;
    }
    std::vector<std::pair<std::type_index, std::unique_ptr<Block>>> blocks_;
};

struct Settings {
    SolverKind solver = SolverKind::PBD;

    Real frameDt = 1.0 / 60.0;  // simulated time per frame [s]
    int substeps = 1;           // PBD loops per frame; substep dt = frameDt / substeps
    int iterations = 10;        // solver iterations per substep (n_s of §3.3)

    Vec3 gravity{0.0, -9.81, 0.0};  // [m/s^2]
    Vec3 wind{0.0, 0.0, 0.0};       // air velocity [m/s]; drag acts on triangle normals
    Real windDrag = 0.5;            // drag coefficient [kg/(m^2 s)] per unit area

    BendingModel bendingModel = BendingModel::Dihedral;
    Material stretch{1.0, 0.0};
    Material bend = materialFromSlider(0.1, kBendCompliance);
    Material attachment{1.0, 0.0};
    Material volume{1.0, 0.0};  // tet volume (paper 004 eq. 20)
    Material arap{1.0, 1e-6};   // ARAP tets: compliance 1/mu, mu = 1e6 Pa (MGPBD eq. 8)

    // k_pressure of PBD §4.4: a closed pressure surface (constraints/pressure.h) holds
    // k_pressure times its rest volume; > 1 inflates it (overpressure).
    Real pressure = 1.0;

    Real damping = 0.0;  // k_damping of §3.5 in [0,1], per substep

    Real collisionThickness = 0.005;  // particles are kept this far outside colliders [m]
    Real friction = 0.3;              // Coulomb coefficient in the velocity update (line 16)
    Real restitution = 0.0;           // normal velocity kept on bounce, in [0,1]
    Real staticFriction = 0.4;        // contacts slower than this Coulomb bound stick

    bool selfCollision = false;  // vertex-triangle self contacts (PBD §4.3)
    // The same vertex-triangle contacts between separate pieces only (a soft body and a
    // cloth, two soft bodies, torn-off pieces): cheap where there is one piece.
    bool bodyContacts = true;
    Real selfThickness = 0.01;  // h of eq. 12: distance kept between layers [m]
    // Edge-edge contacts with self collision (within pieces): pairs of edges that pass
    // through each other in the solve are pushed back after it (self_collision.h).
    bool edgeContacts = true;
    // Tearing (PBD §5): an edge stretched beyond (1 + tearStrain) times its rest length
    // splits a vertex. 0 = off.
    Real tearStrain = 0.0;
    int maxTearsPerSubstep = 32;  // bounds the work of one tear stage
    // Long-range attachments (constraints/tether.h): every particle stays within its rest
    // geodesic distance of its nearest pin. The remedy for PBD's stretch at pins.
    bool tethers = false;
    // The mouse's hand (World::beginGrab) slips rather than stretch the held particle's edges
    // past this strain: the limit of its pull (an edge's force grows with its strain), so that
    // a yank drags the cloth instead of stretching one edge without bound. Above the tear
    // strains the scenes use, so that pulling tears. 0 = never slips (pinned to the cursor).
    Real grabSlipStrain = 0.75;

    bool trackResidual = true;       // solvers report their residual (one extra pass per frame)
    bool validateEachStage = false;  // NaN / index checks after every stage (debug aid)

    SolverBlocks solverBlocks;  // each solver's own settings (its folder's *_settings.h)

    // A solver's settings block of type T (defined in the solver's folder).
    template <class T>
    T& block() {
        return solverBlocks.get<T>();
    }
    template <class T>
    const T& block() const {
        return solverBlocks.get<T>();
    }
    Real substepDt() const { return frameDt / substeps; }

    static Settings defaults() { return Settings{}; }
    // Empty when valid, else a message naming the first bad field and its value.
    std::string validate() const;
};

// The kind's name ("pbd") and title ("PBD") from the solver list.
const char* solverName(SolverKind kind);
const char* solverTitle(SolverKind kind);
std::optional<SolverKind> solverFromName(const std::string& name);

}  // namespace sim
