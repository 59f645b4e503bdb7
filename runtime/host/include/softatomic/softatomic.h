// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * softatomic host runtime: launches kernels rewritten by softatomic-rewrite.
 *
 * saEnqueueNDRangeKernel is a drop-in replacement for clEnqueueNDRangeKernel.
 * For a kernel the rewriter did not change it is clEnqueueNDRangeKernel. For
 * a rewritten kernel it chooses a local size if none is given, adds the
 * coordinator work-group, caps the physical work-groups at what the device
 * runs at once (the device code covers all of the caller's work-groups),
 * creates and binds the runtime's state, and sets the extra arguments.
 * The caller's clSetKernelArg indices stay valid: the extra arguments come
 * after the kernel's own.
 *
 * Errors are cl_int codes: OpenCL's own, or the SA_* codes below;
 * saGetErrorString names either, and saGetLastErrorMessage gives the details
 * of the calling thread's last failure.
 */
#ifndef SOFTATOMIC_SOFTATOMIC_H
#define SOFTATOMIC_SOFTATOMIC_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#ifdef __APPLE__
#include <OpenCL/opencl.h>
#else
#include <CL/cl.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Symbol export, set when the library itself is built. */
#ifndef SA_API
#define SA_API
#endif

#include "softatomic_version.h" /* SA_VERSION */

/* softatomic's own error codes, below OpenCL's range. */
#define SA_INVALID_MANIFEST -9001 /* manifest missing a field or malformed */
#define SA_VERSION_MISMATCH -9002 /* kernel rewritten for another runtime */
#define SA_DEVICE_NOT_SUPPORTED -9003 /* no safe co-residency bound known */
#define SA_NOT_CORESIDENT -9004       /* device: a work-group never started */
#define SA_COORDINATOR_GONE                                                    \
  -9005 /* device: request after the coordinator left */
#define SA_SPIN_TIMEOUT                                                        \
  -9006                       /* device: coordinator stopped making progress   \
                               */
#define SA_LOST_REQUEST -9007 /* device: a request was not served in time */
#define SA_BAD_STATE -9008    /* device: state not set up by this runtime */
#define SA_NO_NATIVE_ATOMICS                                                   \
  -9009 /* device: combining mode, no native 64-bit atomics */
#define SA_MODE_NOT_COMPILED                                                   \
  -9010 /* combining mode asked of a kernel rewritten without it */
#define SA_NO_PROGRESS                                                         \
  -9011 /* device: work-groups waited for each other, and the                  \
           device could not run them all at once */
#define SA_INVALID_ENVIRONMENT                                                 \
  -9012 /* a SOFTATOMIC_* variable is malformed: every call                    \
           that reads them fails (docs/HOST-RUNTIME.md, "Environment") */
#define SA_PARTIAL_PROGRAM                                                     \
  -9013 /* coordinator mode asked of a kernel whose program keeps              \
           other kernels native (--keep-native-on-error) */
#define SA_REPRO_RANGE                                                         \
  -9014 /* device: a reproducible double add's operand (or target) has         \
           a set bit outside 2^-288 .. 2^288 (docs/REWRITE.md) */
#define SA_REPRO_OVERFLOW                                                      \
  -9015 /* device: a reproducible sum's limb neared 2^63 */
#define SA_REPRO_CAPACITY                                                      \
  -9016 /* device: more targets of reproducible adds than the                  \
           launch's accumulators hold (SOFTATOMIC_REPRO_SLOTS) */

/* How a rewritten kernel carries out its atomics (docs/HOST-RUNTIME.md,
 * "Modes"). A kernel runs in SA_MODE_COMBINE only if softatomic-rewrite
 * compiled that mode in (its default; not with --combine-mode=false);
 * otherwise its launch fails, SA_MODE_NOT_COMPILED.
 * SA_MODE_COORDINATOR, the paper's: a coordinator work-group serves every
 *   request; the kernel uses no native global atomic.
 * SA_MODE_COMBINE: the work-group still combines its requests per address
 *   (the same rewritten kernel, the same forms), and each combined request
 *   is applied with one native atomic where the group runs, so nothing
 *   waits for a coordinator; the launch is not capped at the groups the
 *   device runs at once. */
#define SA_MODE_COORDINATOR 0
#define SA_MODE_COMBINE 1
/* SA_MODE_DIRECT: the kernel as written: the original a caller passes to
 *   saEnqueueNDRangeKernelWithOriginal (the application's kernel, or the
 *   rewritten file's warp program's, -DSA_WARP_PROGRAM), else the path
 *   every rewritten kernel carries: each atomic is one native atomic where
 *   it is called (a 2.0 call with fences for its memory order), on the
 *   caller's NDRange as given, with no state buffer and nothing read
 *   back; a baseline, and what
 *   a launch falls back to. Refused (SA_DEVICE_NOT_SUPPORTED) for a kernel
 *   with 64-bit 1.x atomics on a device without cl_khr_int64_base_atomics,
 *   where the kernel as written cannot run, and (SA_MODE_NOT_COMPILED) for
 *   a program built with -DSA_NO_DIRECT. */
#define SA_MODE_DIRECT 2
/* SA_MODE_AUTO (the default): per kernel, device and NDRange, whichever
 *   way ran fastest: SA_MODE_DIRECT (the application's kernel where
 *   saEnqueueNDRangeKernelWithOriginal gives it, and beside it the
 *   rewritten kernel's own path where that applies a float-add loop with
 *   the device's instruction), the warp program's kernel (where
 *   saEnqueueNDRangeKernelWithOriginals gives it), SA_MODE_COMBINE,
 *   SA_MODE_PRIVATE where the launch allows a private copy, and
 *   SA_MODE_COORDINATOR for a kernel whose work-items never wait on one
 *   another (the manifest's "items_wait": false), on a GPU
 *   (SOFTATOMIC_AUTO_COORDINATOR), once a combining way has beaten the
 *   kernel as written and takes more than 0.1 us per user group. The
 *   first launches try each way in turn (as written first, last where
 *   the rewrite found a float-add loop the device has no instruction
 *   for), timed from their events (never waited for); a way
 *   whose first launch takes 1.5x another's median is not timed again, the
 *   others up to 3 launches each. Then the fastest runs (one whose median
 *   is 10% under the fastest launch of each way before it in this order:
 *   as written, the rewritten kernel's own, the warp program's, combining,
 *   privatized, coordinator), and the others run again, one launch each,
 *   to check: at the 16th and 32nd launch after the choice and one launch
 *   in 64 after that, each way whose launch adds at most a quarter of the
 *   chosen way's time since the last check, and any way once a check adds
 *   at most 1/64 of it; the chosen way's times 1.3x and 10 us slower (the
 *   data changed) run each other once, a check; a check 1.3x faster than
 *   before, or 10% faster than the chosen way, starts its timing again.
 *   Where nothing can be compared (a queue without
 *   CL_QUEUE_PROFILING_ENABLE, or a kernel rewritten with
 *   --combine-mode=false), every launch runs as written; a program with
 *   neither (--combine-mode=false, -DSA_NO_DIRECT) runs in the coordinator
 *   mode, its only one. SOFTATOMIC_VERBOSE=1 says what was chosen and why;
 *   saGetAutoChoice says it to the program. */
#define SA_MODE_AUTO 3
/* SA_MODE_PROFILE: what each atomic site of a kernel costs
 *   (docs/PROFILE.md). For a kernel rewritten with softatomic-rewrite
 *   --profile, the launches of each kernel, device and NDRange run the
 *   steps of its profile, one step per launch, each with the application's
 *   results: first a recording launch (the kernel as written, each call of
 *   each global atomic site counted and its first calls per work-item
 *   recorded: who called, on which address), then rounds of timed
 *   launches (SA_PROFILE_ROUNDS, saSetProfileRounds): the kernel as
 *   written, the combining mode with every site converted, and for each
 *   site the combining mode with that site alone converted (every other
 *   site a native atomic where it is called). Once the rounds are done,
 *   launches run as written. Times come from the launches' events: a
 *   queue without CL_QUEUE_PROFILING_ENABLE gets the recording and no
 *   times. A kernel rewritten without --profile runs as in SA_MODE_AUTO.
 *   saGetProfileReport says what was found. */
#define SA_MODE_PROFILE 4
/* SA_MODE_PRIVATE: the combining mode, in which each worker group also
 *   keeps a private copy of one target in local memory, started at the
 *   operation's identity and merged into global memory once at its end
 *   (docs/HOST-RUNTIME.md, "The privatized form"): where the manifest
 *   names a target that takes it, every __global and __constant argument
 *   of the kernel was told to the runtime (saNoteKernelArg), none of them
 *   names the target's buffer too, and the copy fits the local memory it
 *   may take. Elsewhere it is SA_MODE_COMBINE. */
#define SA_MODE_PRIVATE 5
/* Rounds of timed launches SA_MODE_PROFILE makes (default: 5, or
 * SOFTATOMIC_PROFILE_ROUNDS); 0 keeps only the recording launch. */
#define SA_PROFILE_ROUNDS 5
SA_API cl_int saSetProfileRounds(cl_uint rounds);
/* The launches SA_MODE_PROFILE still makes before the profile of this
 * kernel on the queue's device at this NDRange is complete (0 once it is,
 * or for a kernel that is not profiled). */
SA_API cl_int saGetProfileStepsLeft(cl_command_queue queue, cl_kernel kernel,
                                    cl_uint work_dim,
                                    const size_t *global_work_size,
                                    const size_t *local_work_size,
                                    cl_uint *steps);
/* What SA_MODE_AUTO has chosen for kernel at this NDRange on the queue's
 * device: *mode is SA_MODE_DIRECT, SA_MODE_COMBINE, SA_MODE_PRIVATE or
 * SA_MODE_COORDINATOR,
 * or SA_MODE_AUTO while it is still timing the ways (or before its first
 * launch); *launches and *ms (either may be NULL) are the launches it
 * timed before its first choice, and their device time, which a report of
 * auto's cost shows apart. */
SA_API cl_int saGetAutoChoice(cl_command_queue queue, cl_kernel kernel,
                              cl_uint work_dim, const size_t *global_work_size,
                              const size_t *local_work_size, cl_uint *mode,
                              cl_uint *launches, double *ms);
/* The profile of every kernel launched in SA_MODE_PROFILE so far, as
 * SA_PROFILE_JSON (docs/PROFILE.md: versioned, one entry per kernel,
 * device and NDRange, per site its calls, sharers, addresses and times)
 * or as SA_PROFILE_TABLE (the same for a terminal, a clang-style
 * file:line:col: per site, sorted by what the site costs, with a line of
 * advice). Waits for the profile's launches. Like clGetDeviceInfo: with
 * text NULL, size_ret gets the size (terminating NUL included). */
#define SA_PROFILE_JSON 0
#define SA_PROFILE_TABLE 1
SA_API cl_int saGetProfileReport(cl_uint format, size_t size, char *text,
                                 size_t *size_ret);
/* Launches of each mode SA_MODE_AUTO times, per kernel, device and NDRange,
 * before it chooses: the first 2 * SA_AUTO_SAMPLES launches alternate. */
#define SA_AUTO_SAMPLES 3

/* Drop-in for clEnqueueNDRangeKernel (same arguments, same event). */
SA_API cl_int saEnqueueNDRangeKernel(
    cl_command_queue queue, cl_kernel kernel, cl_uint work_dim,
    const size_t *global_work_offset, const size_t *global_work_size,
    const size_t *local_work_size, cl_uint num_events_in_wait_list,
    const cl_event *event_wait_list, cl_event *event);

/* saEnqueueNDRangeKernel for a caller that also holds the kernel as the
 * application wrote it: `original`, the kernel of the same name from the
 * program before rewriting, with its arguments set as `kernel`'s are (less
 * the runtime's scratch and state, which come last). Wherever a launch runs
 * the kernel as written (SA_MODE_DIRECT, and SA_MODE_AUTO when it chooses
 * that), the runtime enqueues `original` itself, at exactly native cost,
 * instead of the rewritten kernel's own path to native atomics; in the
 * other modes it is not used. The interception layer passes the
 * application's own kernel. A kernel of another name or argument count is
 * refused (CL_INVALID_KERNEL); NULL is saEnqueueNDRangeKernel. */
SA_API cl_int saEnqueueNDRangeKernelWithOriginal(
    cl_command_queue queue, cl_kernel kernel, cl_kernel original,
    cl_uint work_dim, const size_t *global_work_offset,
    const size_t *global_work_size, const size_t *local_work_size,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
    cl_event *event);

/* saEnqueueNDRangeKernelWithOriginal with a second kernel as written:
 * `warp_program`, the kernel of the same name from the rewritten file built
 * with -DSA_WARP_PROGRAM (docs/REWRITE.md, "The warp program"), with its
 * arguments set as `original`'s. SA_MODE_AUTO then times three ways, the
 * application's kernel, the warp program's and the combining mode, and runs
 * the fastest: the warp program's wins where it merges a kernel's atomics
 * (a work-item's deferred adds, a warp's adds to one address) and the
 * application's where it does not, by a launch's fixed cost. SA_MODE_DIRECT
 * runs `warp_program`, the kernel as written the caller asked for. Either
 * may be NULL. */
SA_API cl_int saEnqueueNDRangeKernelWithOriginals(
    cl_command_queue queue, cl_kernel kernel, cl_kernel original,
    cl_kernel warp_program, cl_uint work_dim, const size_t *global_work_offset,
    const size_t *global_work_size, const size_t *local_work_size,
    cl_uint num_events_in_wait_list, const cl_event *event_wait_list,
    cl_event *event);

/* Waits for every command of the queue (clFinish), then reports the first
 * device-side failure of a softatomic launch on it since the last call
 * (SA_SPIN_TIMEOUT and the other device codes), or CL_SUCCESS. */
SA_API cl_int saFinish(cl_command_queue queue);

/* Lets go of everything the runtime holds for the queue's softatomic
 * launches (their events and status buffers, and the events the automatic
 * mode keeps to time them, which keep the queue and its context alive),
 * after waiting for their device-side status, and reports
 * the queue's first device-side failure as saFinish does; it does not wait
 * for the queue's other commands. Call it before releasing a queue that had
 * software launches and that saFinish did not end: otherwise the runtime
 * lets go of a launch at its first call after the launch completed (the
 * interception layer calls it before the application's
 * clReleaseCommandQueue). */
SA_API cl_int saReleaseQueue(cl_command_queue queue);

/* Waits for the events (clWaitForEvents), then reports the first device-side
 * failure of a softatomic launch whose event (the one saEnqueueNDRangeKernel
 * gave) is among them, or CL_SUCCESS. A failure is reported by every such
 * wait until saFinish of its queue has reported it; saFinish reports it
 * too. */
SA_API cl_int saWaitForEvents(cl_uint num_events, const cl_event *event_list);

/* Reports the queue's first device-side failure among its softatomic
 * launches that have completed (their status read back), or CL_SUCCESS,
 * without waiting for anything and without forgetting the failure: saFinish
 * still reports it. After a command the caller waited for that came after
 * the queue's launches (a blocking read), every launch before it has
 * completed: a caller that reads a launch's results hears of its failure. */
SA_API cl_int saGetQueueStatus(cl_command_queue queue);

/* Registers the manifest of a program the runtime cannot read the source of
 * (one built with clCreateProgramWithBinary or IL). The JSON is what
 * `softatomic-rewrite --manifest` wrote. */
SA_API cl_int saRegisterProgramManifest(cl_program program,
                                        const char *manifest_json);

/* Tells the runtime what the caller set with clSetKernelArg (the same
 * arguments, after that call succeeded; value NULL and size 0 for an
 * argument set otherwise, clSetKernelArgSVMPointer): the privatized form
 * (SA_MODE_PRIVATE, and auto) needs the buffer behind each __global and
 * __constant argument, its size, and that no two name the same memory.
 * A kernel whose arguments are not all told runs without it. The
 * interception layer tells every argument. */
SA_API cl_int saNoteKernelArg(cl_kernel kernel, cl_uint index, size_t size,
                              const void *value);
/* The same for a clone (clCloneKernel): it has its source's arguments. */
SA_API cl_int saNoteKernelClone(cl_kernel source, cl_kernel clone);
/* Forgets what was told of the kernel's arguments: call it when you release
 * the kernel's last reference (a new kernel may come at its address). */
SA_API cl_int saForgetKernelArgs(cl_kernel kernel);

/* Whether the kernel was rewritten (it then needs saEnqueueNDRangeKernel). */
SA_API cl_int saIsKernelRewritten(cl_kernel kernel, cl_bool *rewritten);

/* The physical work-groups (coordinator included) the runtime would launch
 * for this kernel, device and local size: what the device runs at once (in
 * the combining mode, saGetMode, the most it launches: what the device
 * holds at once). */
SA_API cl_int saGetCoresidentGroups(cl_kernel kernel, cl_device_id device,
                                    size_t local_items, size_t *groups);

/* The mode of the launches that follow, process-wide. The default is
 * SOFTATOMIC_MODE from the environment (coordinator, combine, direct,
 * auto, profile or private), else SA_MODE_AUTO. CL_INVALID_VALUE for any
 * other value. */
SA_API cl_int saSetMode(cl_uint mode);
SA_API cl_uint saGetMode(void);

/* Build options for a rewritten program on this device that turn on the
 * device runtime's fast paths where the device reports it has what they
 * need (today, on NVIDIA GPUs, "-DSA_NV_F64_ADD" from compute capability
 * 6.0: a double add of the kernel as written or the combining mode is
 * PTX's atom.global.add.f64, not a compare-exchange loop; and
 * "-DSA_WARP_COMBINE=1" from 7.0: in the combining mode, work-group calls
 * combine within each warp, with no barrier), and say what it lacks
 * ("-DSA_NO_OPENCL_C_20" where it lists no OpenCL C 2.0: its compiler
 * may accept -cl-std=CL2.0 without 2.0's atomic builtins, as PoCL 3.1
 * does, and the runtime then does without them), else "".
 * Add them to the program's own options; the program is correct without
 * them, and builds wherever the original does (but under -cl-std=CL2.0 on
 * such a device). Like clGetDeviceInfo: with options NULL, size_ret gets the
 * size (terminating NUL included). SOFTATOMIC_WARP_COMBINE=0 turns the warp
 * path off. */
SA_API cl_int saGetBuildOptions(cl_device_id device, size_t size, char *options,
                                size_t *size_ret);

/* The name of an OpenCL or softatomic error code, e.g. "SA_SPIN_TIMEOUT". */
SA_API const char *saGetErrorString(cl_int code);

/* What went wrong in the calling thread's last failing call, in words. */
SA_API const char *saGetLastErrorMessage(void);

#ifdef __cplusplus
}
#endif

#endif /* SOFTATOMIC_SOFTATOMIC_H */
