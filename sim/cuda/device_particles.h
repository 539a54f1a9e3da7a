#pragma once
// The particles a GPU solve works on: predicted positions p, start positions x and inverse
// masses w uploaded at the start of each solve (the CPU ran the stages before it), the
// collider contacts of this substep, and p (with each contact's accumulated push) downloaded
// at its end, for drawing and the CPU stages after the solve.
#include <vector>

#include "sim/constraints/contact.h"
#include "sim/core/particles.h"
#include "sim/cuda/device_buffer.h"
#include "sim/cuda/device_views.h"

namespace sim::cuda {

class DeviceParticles {
  public:
    void upload(const Particles& particles, cudaStream_t stream);
    // False (nothing uploaded) when two contacts share a particle: the one-thread-per-contact
    // projection needs them apart (generateContacts makes at most one per particle).
    bool uploadContacts(const std::vector<Contact>& contacts, cudaStream_t stream);
    // projectContacts of collision_stage.cpp on the device.
    void projectContacts(double friction, double dt, cudaStream_t stream);
    // p back into particles; with `contacts`, each contact's pushed too.
    void download(Particles& particles, std::vector<Contact>* contacts, cudaStream_t stream);

    int size() const { return size_; }
    double* p() { return p_.data(); }
    const double* x() const { return x_.data(); }
    const double* w() const { return w_.data(); }

  private:
    int size_ = 0, contactCount_ = 0;
    DeviceBuffer<double> p_, x_, w_;
    DeviceBuffer<int> contactParticle_;
    DeviceBuffer<double> contactPoint_, contactNormal_, contactVelocity_, contactPushed_;
    std::vector<int> hostParticle_, mark_;
    std::vector<double> hostPoint_, hostNormal_, hostVelocity_, hostPushed_;
};

}  // namespace sim::cuda
