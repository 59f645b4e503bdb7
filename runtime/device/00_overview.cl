/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, part 0: the overview, the layout header and the include
 * guard (closed at the end of 10_dispatch.cl). The build joins the parts
 * in the order the top-level CMakeLists.txt lists them into one OpenCL C
 * file (cmake/EmbedDeviceRuntime.cmake), leaving out each part's first
 * comment: this part, a vendor's instructions (nvidia/ptx.cl), the memory
 * model (part 1), and so on to part 10.
 * Owns: SOFTATOMIC_RUNTIME (the guard). */

/*
 * softatomic device runtime: software atomics served by a coordinator
 * work-group, after Elteir, Lin and Feng, "Performance Characterization and
 * Optimization of Atomic Operations on AMD GPUs", Sections IV-B/C.
 *
 * A rewritten kernel is launched with 1 + P physical work-groups, in the
 * coordinator mode all of them co-resident (the host runtime caps P).
 * Physical group 0 is the coordinator; groups 1..P are workers that run the
 * user's work-groups in turn (the coordinator mode's worker w: v = w,
 * w + P, w + 2P, ...; the combining mode's: the lowest not yet claimed,
 * part 10), so the user's code sees the geometry it was written for
 * through the __sa_get_* functions.
 *
 * Each work-item of a worker owns one request slot. A work-item that calls a
 * software atomic publishes (op, address, operand) in its slot and waits for
 * the coordinator to mark it done. Nothing here assumes that the work-items
 * of a wavefront run in lockstep: a request involves no other work-item of
 * its group, so divergent call sites are safe, and so is PoCL, which runs a
 * group's work-items one after another.
 *
 * Memory model. OpenCL 2.0+ sources with acquire/release and device scope
 * use atomic loads and stores for the hand-off; 1.2 sources use the paper's
 * volatile accesses ordered by device-scope fences (__sa_fence_acquire and
 * __sa_fence_release: mem_fence is not that everywhere). No global read-modify-write
 * instruction is used anywhere: the coordinator is the only writer of every
 * atomic target, and one coordinator work-item owns each address.
 *
 * Every wait is bounded; a bound that runs out records an error in the state
 * buffer (SA_E_CODE), which the host runtime reports, instead of hanging.
 */
#include "softatomic_layout.h"

#ifndef SOFTATOMIC_RUNTIME
#define SOFTATOMIC_RUNTIME 1
