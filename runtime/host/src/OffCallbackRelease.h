// Releasing OpenCL objects off the driver's callback threads.
#ifndef SOFTATOMIC_OFFCALLBACKRELEASE_H
#define SOFTATOMIC_OFFCALLBACKRELEASE_H

#include <functional>

namespace softatomic {

/// Runs \p Release (which lets go of OpenCL objects: its captures'
/// destructors release them) on the runtime's own releaser thread, never
/// on the calling one. Event callbacks hand their objects over through it:
/// NVIDIA's driver runs callbacks on its own threads, and a release made
/// there while the application releases the queue or context on another
/// thread hung the process (the interception layer's sample, on the H100).
void releaseOffCallback(std::function<void()> Release);

} // namespace softatomic

#endif
