#include "sim/cuda/device_particles.h"

#include "sim/cuda/stage_kernels.h"

namespace sim::cuda {

static_assert(sizeof(Vec3) == 3 * sizeof(double), "positions are copied as packed doubles");

namespace {
const double* raw(const std::vector<Vec3>& v) {
    return reinterpret_cast<const double*>(v.data());
}
}  // namespace

void DeviceParticles::upload(const Particles& P, cudaStream_t stream) {
    size_ = P.size();
    p_.upload(raw(P.p), 3 * static_cast<size_t>(size_), stream);
    x_.upload(raw(P.x), 3 * static_cast<size_t>(size_), stream);
    w_.upload(P.w, stream);
}

bool DeviceParticles::uploadContacts(const std::vector<Contact>& contacts, cudaStream_t stream) {
    contactCount_ = 0;
    mark_.assign(size_, 0);
    hostParticle_.clear();
    hostPoint_.clear();
    hostNormal_.clear();
    hostVelocity_.clear();
    hostPushed_.clear();
    for (const Contact& c : contacts) {
        if (c.particle < 0 || c.particle >= size_ || mark_[c.particle]++) return false;
        hostParticle_.push_back(c.particle);
        for (int k = 0; k < 3; ++k) {
            hostPoint_.push_back(c.point[k]);
            hostNormal_.push_back(c.normal[k]);
            hostVelocity_.push_back(c.colliderVelocity[k]);
        }
        hostPushed_.push_back(c.pushed);
    }
    contactCount_ = static_cast<int>(contacts.size());
    contactParticle_.upload(hostParticle_, stream);
    contactPoint_.upload(hostPoint_, stream);
    contactNormal_.upload(hostNormal_, stream);
    contactVelocity_.upload(hostVelocity_, stream);
    contactPushed_.upload(hostPushed_, stream);
    return true;
}

void DeviceParticles::projectContacts(double friction, double dt, cudaStream_t stream) {
    ContactView view{contactCount_,         contactParticle_.data(), contactPoint_.data(),
                     contactNormal_.data(), contactVelocity_.data(), contactPushed_.data()};
    launchProjectContacts(view, x_.data(), friction, dt, p_.data(), stream);
}

void DeviceParticles::download(Particles& P, std::vector<Contact>* contacts, cudaStream_t stream) {
    p_.download(reinterpret_cast<double*>(P.p.data()), stream);
    if (!contacts || contactCount_ == 0) return;
    contactPushed_.download(hostPushed_.data(), stream);
    for (int k = 0; k < contactCount_; ++k) (*contacts)[k].pushed = hostPushed_[k];
}

}  // namespace sim::cuda
