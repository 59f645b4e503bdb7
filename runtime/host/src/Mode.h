// The launch mode (SA_MODE_COORDINATOR or SA_MODE_COMBINE): set by
// saSetMode, else read from SOFTATOMIC_MODE.
#ifndef SOFTATOMIC_HOST_MODE_H
#define SOFTATOMIC_HOST_MODE_H

#include "softatomic/softatomic.h"

namespace softatomic {

/// The mode of the next launch; an error (and Mode untouched) when
/// SOFTATOMIC_MODE names no mode and saSetMode was never called.
cl_int launchMode(cl_uint &Mode);

} // namespace softatomic

#endif
