#!/bin/sh
# One scenario of the interception layer's test with layer-sample (each is a
# ctest case of its own, test/layer/CMakeLists.txt): runs the sample under
# the layer in one configuration and checks both the sample's verdict and
# the layer's log. Every failure names the scenario.
#   run-layer-sample.sh SCENARIO SAMPLE LAYER LOGDIR INPUTS
# (INPUTS: the sample's include directory, test/layer/Inputs.) Exit 77: the
# scenario needs what this machine lacks (an ICD loader with layers).
set -u
scenario=$1 sample=$2 layer=$3 logs=$4/$1 inputs=$5
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$logs" && mkdir -p "$logs"
failures=0
# No run writes into $HOME: the cache is off unless a run points it at
# $logs.
export SOFTATOMIC_LAYER_CACHE=0
# The scenarios are about the software launch, in the paper's mode unless
# they name another; the default mode (auto, SOFTATOMIC_MODE= below) has
# scenarios of its own.
export SOFTATOMIC_MODE=coordinator
# How each run loads the layer (the opencl-layers-* scenarios switch to
# OPENCL_LAYERS).
unset LD_PRELOAD OPENCL_LAYERS
load="LD_PRELOAD=$layer"

fail() { echo "FAIL: $scenario: $*"; failures=$((failures + 1)); }

# run NAME [VAR=VALUE...] -- [ARGS...]: the sample under the layer, logging
# to $logs/NAME.log (its output in $logs/NAME.out); it must print OK.
run() {
  name=$1; shift
  out=$(env SOFTATOMIC_LAYER_LOG="$logs/$name.log" "$load" "$@" 2>&1)
  echo "$out" > "$logs/$name.out"
  echo "$out" | grep -qx 'layer-sample: OK' || fail "$name: the sample did not pass: $out"
  touch "$logs/$name.log"
}
# expect NAME PATTERN: the log of run NAME has a line matching PATTERN.
expect() {
  grep -q "^softatomic-layer: $2" "$logs/$1.log" || fail "$1: no log line '$2'"
}
# refute NAME PATTERN: it has none.
refute() {
  ! grep -q "$2" "$logs/$1.log" || fail "$1: unexpected log line '$2'"
}
# once NAME PATTERN: it has exactly one.
once() {
  n=$(grep -c "^softatomic-layer: $2" "$logs/$1.log")
  [ "$n" -eq 1 ] || fail "$1: $n log lines '$2', not one"
}

# The start of clInitLayer's log line.
loaded="OpenCL layer: loaded by the ICD loader (OPENCL_LAYERS), "
# as_opencl_layer NAME [VAR=VALUE...] -- [ARGS...]: run, with the layer in
# OPENCL_LAYERS instead of LD_PRELOAD. A loader without layers
# (cl_loader_layers: ocl-icd >= 2.3.0, the Khronos loader >= 2021.04.29)
# never calls clInitLayer, which logs the line above: the scenario is
# skipped.
as_opencl_layer() {
  load="OPENCL_LAYERS=$layer"
  run "$@"
  if ! grep -q "^softatomic-layer: $loaded" "$logs/$1.log"; then
    echo "SKIP: $scenario: the ICD loader did not initialize $layer as an" \
         "OpenCL layer (no layers support, or a layer built without" \
         "<CL/cl_layer.h>)"
    exit 77
  fi
}

# Each scenario is a function, scenario_<name with _ for ->.
scenario_sample_runs_natively() {
  # Without the layer: the sample itself passes.
  "$sample" | grep -qx 'layer-sample: OK' || fail "plain: the sample did not pass"
}

scenario_rewrites_and_launches() {
  # The atomic kernel rewritten and launched by the runtime, the other
  # native; a program from a binary passes through.
  run default "$sample"
  expect default "program 1: kernel 'histogram' rewritten (2 atomic sites)$"
  expect default "program 1: kernel 'scale' left native: it reaches no global atomic$"
  expect default "program 1: kernel 'histogram' launched through the software runtime$"
  refute default "launch failed"
  expect default "program 2: built from binary: passed through$"
  # At exit, what it cost: the rewrite and the shadow's build, and the
  # launches per kernel with their device time, read from the profiling
  # queue's events: the NDRange launch's (the application's event) and the
  # task's (for which the application asked no event).
  once default "program 1: cost: 1 rewrite [0-9]*\.[0-9] ms, 1 shadow build [0-9]*\.[0-9] ms$"
  once default "program 1: kernel 'histogram': 2 launches through the software runtime, 0 native fallbacks; kernel time [0-9]*\.[0-9]\{3\} ms (2 launches timed by profiling events)$"
  refute default "kernel time 0\.000 ms"
}

scenario_kernel_time_without_profiling() {
  # A queue without profiling: the launches are counted, their time is
  # said not to be measured, and why.
  run unprofiled "$sample" --no-profiling
  once unprofiled "program 1: kernel 'histogram': 2 launches through the software runtime, 0 native fallbacks; kernel time: not measured (queue without profiling)$"
}

scenario_combine_mode_by_options() {
  # The combining mode, compiled in by SOFTATOMIC_LAYER_OPTIONS.
  run combine SOFTATOMIC_MODE=combine SOFTATOMIC_LAYER_OPTIONS="--combine-mode --defer-unused=false" "$sample"
  expect combine "program 1: kernel 'histogram' launched through the software runtime$"
  refute combine "unknown option"
}

scenario_profile_report() {
  # SOFTATOMIC_PROFILE: whatever SOFTATOMIC_MODE says, the layer profiles.
  # At exit, the report: JSON in the file, the table on stderr, each site
  # at its file:line:col in the program's source kept beside the report,
  # the histogram's bins seen (64 addresses) and its ticket counter shared
  # by every work-item of a group (64, in groups of 64). Twenty programs
  # built one after another keep their reports, not their records (the
  # sample's bound on malloc's bytes from round 10 to 20).
  report=$logs/profile.json
  run profile SOFTATOMIC_PROFILE="$report" "$sample" --repeat 20 \
    --max-heap-growth-kb 2048
  grep -q "^$report.sources/program-1.cl:10:5: atom_add uint: 4096 calls, .* 64 addresses" "$logs/profile.out" ||
    fail "profile: no table line for the bins' site"
  grep -q "^$report.sources/program-1.cl:11:18: atom_add uint: 4096 calls, sharers warp .* group 64.0 (max 64), 1 address" "$logs/profile.out" ||
    fail "profile: no table line for the ticket's site"
  grep -q "tickets\[i\] = atom_add(counter, 1);" "$report.sources/program-1.cl" ||
    fail "profile: the program's source is not beside the report"
  python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
assert r["softatomic_profile"] == 1, r
k = r["kernels"][0]
assert k["kernel"] == "histogram" and len(k["sites"]) == 2, k
assert k["sites"][1]["sharers_per_group"]["max"] == 64, k' "$report" ||
    fail "profile: the JSON report is not as expected"
}

scenario_combine_mode_by_mode() {
  # SOFTATOMIC_MODE=combine alone: the layer then rewrites with it.
  run combine-implied SOFTATOMIC_MODE=combine "$sample"
  expect combine-implied "program 1: kernel 'histogram' launched through the software runtime$"
  refute combine-implied "launch failed"
}

scenario_private_mode_by_mode() {
  # SOFTATOMIC_MODE=private: the layer rewrites with the combining mode and
  # tells the runtime the arguments (the launched histogram is a clone:
  # its source's), so the histogram's bins get a private copy; the sample
  # checks the results.
  run private SOFTATOMIC_MODE=private SOFTATOMIC_VERBOSE=1 "$sample"
  grep -q "kernel 'histogram': a private copy of argument 1, 64 elements" \
    "$logs/private.out" || fail "private: the bins got no private copy"
  refute private "launch failed"
}

scenario_direct_mode_runs_the_application_kernel() {
  # SOFTATOMIC_MODE=direct: the runtime launches the twin, the application's
  # own kernel with its arguments, not the rewritten kernel's path.
  run direct SOFTATOMIC_MODE=direct SOFTATOMIC_VERBOSE=1 "$sample"
  grep -q "kernel 'histogram': as written (direct mode, the application's own kernel)" \
    "$logs/direct.out" || fail "direct: the application's kernel did not run"
  refute direct "launch failed"
}

scenario_warp_program_runs_as_written() {
  # SOFTATOMIC_LAYER_WARP_PROGRAM=on (auto: only where the device has
  # NVIDIA's warp path; off by default): the layer builds the rewritten
  # program's warp program too, gives its kernels the application's
  # arguments, and the runtime launches them in the direct mode; the
  # results still verify (the sample checks them).
  run warp SOFTATOMIC_LAYER_WARP_PROGRAM=on SOFTATOMIC_MODE=direct SOFTATOMIC_VERBOSE=1 "$sample"
  expect warp "program 1: built its warp program: the kernels as written run from it$"
  grep -q "kernel 'histogram': as written (direct mode, the kernel of its warp program)" \
    "$logs/warp.out" || fail "warp: the warp program's kernel did not run"
  refute warp "launch failed"
  # The automatic mode times it as a third way (the sample launches each
  # kernel once per geometry: the first launch, as written, is the
  # application's kernel).
  run warp-auto SOFTATOMIC_LAYER_WARP_PROGRAM=on SOFTATOMIC_MODE= SOFTATOMIC_VERBOSE=1 "$sample"
  # (and the privatized form: the layer tells the runtime the arguments,
  # and a clone's are its source's)
  grep -q "kernel 'histogram': auto mode times it as written, as its warp program, combining and privatized (up to 3 launches each, in turn; one, where it is far behind), then runs the fastest" \
    "$logs/warp-auto.out" || fail "warp-auto: the warp program's kernel is not timed"
  refute warp-auto "launch failed"
  # By default, and with auto on a device without the warp path: none.
  run warp-off SOFTATOMIC_MODE=direct "$sample"
  refute warp-off "warp program"
  run warp-auto-here SOFTATOMIC_LAYER_WARP_PROGRAM=auto SOFTATOMIC_MODE=direct "$sample"
  refute warp-auto-here "warp program"
}

scenario_auto_mode_by_default() {
  # No SOFTATOMIC_MODE: the automatic mode, with the combining mode
  # compiled in. It times launches from their events, so the layer creates
  # the application's queue with profiling on (the launches are timed, and
  # the mode does not say it cannot time them); the application still sees
  # the properties it asked for (the sample checks CL_QUEUE_PROPERTIES and
  # would fail). The sample's two launches differ in geometry: each is the
  # first of its own, which runs as written.
  run auto SOFTATOMIC_MODE= SOFTATOMIC_VERBOSE=1 "$sample" --no-profiling
  expect auto "profiling turned on for the application's command queues"
  expect auto "program 1: kernel 'histogram': 2 launches through the software runtime, 0 native fallbacks; kernel time [0-9.]* ms (2 launches timed by profiling events)$"
  grep -q "kernel 'histogram': as written (direct mode, the application's own kernel)" \
    "$logs/auto.out" || fail "auto: no launch as written"
  ! grep -q "CL_QUEUE_PROFILING_ENABLE" "$logs/auto.out" ||
    fail "auto: the mode could not time the launches"
  refute auto "launch failed"
  # A queue that profiles already is left as it is: nothing is turned on.
  run auto-profiled SOFTATOMIC_MODE= "$sample"
  refute auto-profiled "profiling turned on"
  # In any other mode nothing is turned on either.
  run coordinator-unprofiled "$sample" --no-profiling
  refute coordinator-unprofiled "profiling turned on"
}

scenario_refused_program_native() {
  # In the coordinator mode a program with a kernel the rewriter refuses
  # runs natively whole, and the log says why.
  run unsupported "$sample" --unsupported
  expect unsupported "program 1: left native: .*error: kernel 'stamp' uses the work-group geometry and cannot be called from rewritten kernel 'stamped'.* (SOFTATOMIC_MODE=coordinator rewrites a program whole or not at all"
  refute unsupported "rewritten ("
  refute unsupported "launched through"
}

scenario_refused_kernel_kept_native() {
  # In the other modes only the refused kernel stays native, beside the
  # rewritten kernels of its program; the log names it once, with why.
  kept="program 1: kernel 'stamped' kept native beside the rewritten kernels: kernel 'stamp' uses the work-group geometry and cannot be called from rewritten kernel 'stamped'"
  run kept-combine SOFTATOMIC_MODE=combine "$sample" --unsupported
  once kept-combine "$kept"
  expect kept-combine "program 1: kernel 'histogram' rewritten ("
  expect kept-combine "program 1: kernel 'histogram' launched through the software runtime$"
  refute kept-combine "left native: .*error:"
  run kept-auto SOFTATOMIC_MODE= "$sample" --unsupported
  once kept-auto "$kept"
  expect kept-auto "program 1: kernel 'histogram': [0-9]* launches through the software runtime"
  # Asked for, the whole program stays native in any mode.
  run kept-off SOFTATOMIC_MODE=combine SOFTATOMIC_LAYER_OPTIONS=--keep-native-on-error=false "$sample" --unsupported
  expect kept-off "program 1: left native: .*error: kernel 'stamp' uses the work-group geometry and cannot be called from rewritten kernel 'stamped'"
  refute kept-off "launched through"
}

scenario_separate_compilation_native() {
  # ... as does one compiled apart (clCompileProgram, clLinkProgram).
  run separate "$sample" --separate
  expect separate "program 1: compiled apart (clCompileProgram): runs natively, as does the program clLinkProgram makes of it$"
  refute separate "launched through"
}

scenario_kernel_selection() {
  # SOFTATOMIC_LAYER_KERNELS leaves the kernels it does not name native.
  run selected SOFTATOMIC_LAYER_KERNELS=scale,other "$sample"
  expect selected "program 1: kernel 'histogram' left native: not in SOFTATOMIC_LAYER_KERNELS$"
  refute selected "launched through"
  # A name that selects nothing is said once, at exit (a kernel of a
  # rewritten program, even one left native, is a match).
  once selected "SOFTATOMIC_LAYER_KERNELS: no kernel named 'other' in the programs the layer rewrote$"
  refute selected "no kernel named 'scale'"
}

scenario_environment_mistakes_warned() {
  # Mistakes in the environment are said on stderr, once each, whatever
  # the log: a malformed SOFTATOMIC_MODE (every launch then runs natively),
  # a malformed layer variable, and, at exit, a kernel name that selected
  # nothing.
  run mistakes SOFTATOMIC_MODE=combined SOFTATOMIC_LAYER_CACHE_ENTRIES=x SOFTATOMIC_LAYER_KERNELS=histogram,hist9 "$sample"
  for warning in \
    "SOFTATOMIC_MODE='combined': not one of coordinator, combine, direct, auto, profile, private: every kernel runs natively until it is corrected" \
    "ignoring SOFTATOMIC_LAYER_CACHE_ENTRIES='x': not a whole number (accepted: 1 to 4294967295); keeping 4096" \
    "SOFTATOMIC_LAYER_KERNELS: no kernel named 'hist9' in the programs the layer rewrote"; do
    [ "$(grep -cxF "softatomic-layer: warning: $warning" "$logs/mistakes.out")" = 1 ] ||
      fail "mistakes: not once on stderr: '$warning': $(cat "$logs/mistakes.out")"
  done
  once mistakes "SOFTATOMIC_MODE='combined'.*every kernel runs natively"
}

scenario_off_passes_through() {
  # SOFTATOMIC_LAYER=0: a pure pass-through, nothing logged.
  run off SOFTATOMIC_LAYER=0 "$sample"
  [ ! -s "$logs/off.log" ] || fail "off: the layer logged: $(cat "$logs/off.log")"
}

scenario_unknown_option_logged() {
  # Unknown rewriter options, values an option does not take and malformed
  # numbers are named in the log, and do no harm.
  run unknown SOFTATOMIC_LAYER_OPTIONS="--frobnicate --placement=sideways --device-version 9.9" SOFTATOMIC_LAYER_CACHE_ENTRIES=abc SOFTATOMIC_LAYER_FLOAT_REASSOCIATION=sometimes SOFTATOMIC_LAYER_WARP_PROGRAM=always "$sample"
  expect unknown "ignoring SOFTATOMIC_LAYER_OPTIONS: unknown option '--frobnicate'$"
  expect unknown "ignoring SOFTATOMIC_LAYER_OPTIONS: 'sideways': --placement takes one of static, robust$"
  expect unknown "ignoring SOFTATOMIC_LAYER_OPTIONS: '9.9': --device-version takes an OpenCL version"
  expect unknown "ignoring SOFTATOMIC_LAYER_CACHE_ENTRIES='abc': not a whole number (accepted: 1 to 4294967295); keeping 4096$"
  expect unknown "ignoring SOFTATOMIC_LAYER_WARP_PROGRAM='always': not one of off, auto, on; keeping off$"
  expect unknown "ignoring SOFTATOMIC_LAYER_FLOAT_REASSOCIATION: 'sometimes': --float-reassociation takes one of allow, keep-order; keeping allow$"
  expect unknown "program 1: kernel 'histogram' launched through the software runtime$"
}

scenario_options_as_the_tool_spells_them() {
  # SOFTATOMIC_LAYER_OPTIONS takes the rewriter's options as
  # softatomic-rewrite does (one table, model/RewriteOptions.def): a value
  # after a space, a bool in capitals.
  run tool-spelling SOFTATOMIC_LAYER_OPTIONS="--placement robust --defer-unused=FALSE -combine-mode --float-reassociation keep-order" SOFTATOMIC_LAYER_FLOAT_REASSOCIATION=keep-order "$sample"
  refute tool-spelling "ignoring"
  expect tool-spelling "program 1: kernel 'histogram' launched through the software runtime$"
}

scenario_log_to_stderr() {
  # SOFTATOMIC_LAYER_LOG=- logs to stderr.
  env SOFTATOMIC_LAYER_LOG=- LD_PRELOAD="$layer" "$sample" 2>&1 >/dev/null |
    grep -q "^softatomic-layer: program 1: kernel 'histogram' rewritten" ||
    fail "stderr: no log line on stderr"
}

scenario_cache_hit_skips_rewriter() {
  cache=$logs/cache
  # A first run rewrites and stores; the second answers from the cache,
  # with the same kernels rewritten and launched, without loading the
  # rewriter module (LD_DEBUG=files names every library loaded).
  run cache-first SOFTATOMIC_LAYER_CACHE="$cache" "$sample"
  refute cache-first "from cache"
  expect cache-first "program 1: kernel 'histogram' rewritten (2 atomic sites)$"
  ls "$cache"/*.rewrite >/dev/null 2>&1 || fail "cache-first: no entry in $cache"
  run cache-second SOFTATOMIC_LAYER_CACHE="$cache" LD_DEBUG=files "$sample"
  expect cache-second "program 1: rewrite from cache$"
  once cache-second "program 1: cost: 1 rewrite from the cache, 1 shadow build [0-9]*\.[0-9] ms$"
  expect cache-second "program 1: kernel 'histogram' rewritten (2 atomic sites)$"
  expect cache-second "program 1: kernel 'scale' left native: it reaches no global atomic$"
  expect cache-second "program 1: kernel 'histogram' launched through the software runtime$"
  ! grep -q "libsoftatomic-layer-rewriter" "$logs/cache-second.out" ||
    fail "cache-second: the rewriter module was loaded on a cache hit"
  # Other rewriter options are another key.
  run cache-options SOFTATOMIC_LAYER_CACHE="$cache" SOFTATOMIC_LAYER_OPTIONS=--placement=robust "$sample"
  refute cache-options "from cache"
}

scenario_cache_changed_header_misses() {
  # A header the rewrite read changes: the entry no longer holds.
  cache=$logs/cache headers=$logs/inputs
  cp -R "$inputs" "$headers"
  run header-first SOFTATOMIC_LAYER_CACHE="$cache" "$sample" --include "$headers"
  run header-same SOFTATOMIC_LAYER_CACHE="$cache" "$sample" --include "$headers"
  expect header-same "program 1: rewrite from cache$"
  echo "/* changed */" >> "$headers/layer-sample.h"
  run header-changed SOFTATOMIC_LAYER_CACHE="$cache" "$sample" --include "$headers"
  refute header-changed "from cache"
  expect header-changed "program 1: kernel 'histogram' launched through the software runtime$"
}

scenario_cache_relative_headers() {
  # Headers under the working directory are recorded relative to it: the
  # same tree elsewhere (another checkout, another machine with the entries
  # carried over) hits, and a changed header there still misses.
  cache=$logs/cache
  mkdir -p "$logs/tree-a" "$logs/tree-b"
  cp -R "$inputs" "$logs/tree-a/inputs" && cp -R "$inputs" "$logs/tree-b/inputs"
  top=$PWD # (no subshells: run counts failures)
  cd "$logs/tree-a" && run tree-a SOFTATOMIC_LAYER_CACHE="$cache" "$sample" --include inputs
  cd "$top" && rm -rf "$logs/tree-a" # gone, as on another machine
  cd "$logs/tree-b" && run tree-b SOFTATOMIC_LAYER_CACHE="$cache" "$sample" --include inputs
  expect tree-b "program 1: rewrite from cache$"
  echo "/* changed */" >> "$logs/tree-b/inputs/layer-sample.h"
  run tree-b-changed SOFTATOMIC_LAYER_CACHE="$cache" "$sample" --include inputs
  refute tree-b-changed "from cache"
  cd "$top"
}

scenario_cache_keeps_refusals() {
  # A refused program is cached as a failure, with the same reason.
  cache=$logs/cache
  run refused-first SOFTATOMIC_LAYER_CACHE="$cache" "$sample" --unsupported
  refute refused-first "from cache"
  run refused-second SOFTATOMIC_LAYER_CACHE="$cache" "$sample" --unsupported
  expect refused-second "program 1: rewrite from cache$"
  expect refused-second "program 1: left native: .*error: kernel 'stamp' uses the work-group geometry and cannot be called from rewritten kernel 'stamped'"
  refute refused-second "launched through"
}

scenario_without_rewriter_uses_cache() {
  # A layer with no rewriter module beside it (as one built without Clang)
  # runs from the entries a full one stored: the key names the rewriter's
  # sources, not the module's file. On a miss it has nothing to rewrite
  # with, and says so.
  cache=$logs/cache alone=$logs/alone
  run fill SOFTATOMIC_LAYER_CACHE="$cache" "$sample"
  mkdir -p "$alone" && cp "$layer" "$alone/"
  load="LD_PRELOAD=$alone/$(basename "$layer")"
  run alone-hit SOFTATOMIC_LAYER_CACHE="$cache" "$sample"
  expect alone-hit "program 1: rewrite from cache$"
  expect alone-hit "program 1: kernel 'histogram' launched through the software runtime$"
  run alone-miss SOFTATOMIC_LAYER_CACHE="$logs/empty-cache" "$sample"
  expect alone-miss "program 1: left native: cannot load the rewriter: "
  refute alone-miss "launched through"
}

scenario_cache_entry_bound() {
  # SOFTATOMIC_LAYER_CACHE_ENTRIES bounds the entries; the least recently
  # used go first. Three keys (default, robust placement, combining mode)
  # in a bound of two: the first one stored, not used since, is the one
  # gone.
  bounded=$logs/bounded-cache
  run bound-a SOFTATOMIC_LAYER_CACHE="$bounded" SOFTATOMIC_LAYER_CACHE_ENTRIES=2 "$sample"
  run bound-b SOFTATOMIC_LAYER_CACHE="$bounded" SOFTATOMIC_LAYER_CACHE_ENTRIES=2 SOFTATOMIC_LAYER_OPTIONS=--placement=robust "$sample"
  run bound-a-hit SOFTATOMIC_LAYER_CACHE="$bounded" SOFTATOMIC_LAYER_CACHE_ENTRIES=2 "$sample"
  expect bound-a-hit "program 1: rewrite from cache$"
  run bound-c SOFTATOMIC_LAYER_CACHE="$bounded" SOFTATOMIC_LAYER_CACHE_ENTRIES=2 SOFTATOMIC_MODE=combine "$sample"
  [ "$(ls "$bounded" | wc -l)" -eq 2 ] || fail "bounded cache: $(ls "$bounded" | wc -l) entries, not 2"
  run bound-a-kept SOFTATOMIC_LAYER_CACHE="$bounded" SOFTATOMIC_LAYER_CACHE_ENTRIES=2 "$sample"
  expect bound-a-kept "program 1: rewrite from cache$"
  run bound-b-gone SOFTATOMIC_LAYER_CACHE="$bounded" SOFTATOMIC_LAYER_CACHE_ENTRIES=2 SOFTATOMIC_LAYER_OPTIONS=--placement=robust "$sample"
  refute bound-b-gone "from cache"
}

scenario_cache_default_directory() {
  # The default directory is $XDG_CACHE_HOME/softatomic-layer.
  run cache-default SOFTATOMIC_LAYER_CACHE= XDG_CACHE_HOME="$logs/xdg" "$sample"
  ls "$logs/xdg/softatomic-layer"/*.rewrite >/dev/null 2>&1 ||
    fail "cache-default: no entry in \$XDG_CACHE_HOME/softatomic-layer"
}

scenario_cache_off_writes_nothing() {
  # SOFTATOMIC_LAYER_CACHE=0 writes nowhere (PoCL may still keep its own
  # cache under $HOME/.cache/pocl).
  run cache-off SOFTATOMIC_LAYER_CACHE=0 HOME="$logs/home" XDG_CACHE_HOME= "$sample"
  [ ! -e "$logs/home/.cache/softatomic-layer" ] ||
    fail "cache-off: files written to $logs/home/.cache/softatomic-layer"
}

# What the application sees of a rewritten kernel: every run checks, in the
# sample, CL_INVALID_ARG_INDEX past the kernel's own arguments, the argument
# info, the launch's event and profiling times, and the work-group queries
# against the native kernel's.

scenario_fallback_max_groups() {
  # A launch the software path cannot do runs natively, with the log's
  # reason; the application sees the native launch (the sample verifies
  # it). SOFTATOMIC_MAX_GROUPS=1, out of its range (no group beside the
  # coordinator), refuses every software launch.
  run fallback SOFTATOMIC_MAX_GROUPS=1 "$sample"
  expect fallback "program 1: kernel 'histogram': launch failed: SA_INVALID_ENVIRONMENT: SOFTATOMIC_MAX_GROUPS='1': out of range .*; launched natively instead$"
  refute fallback "launched through the software runtime"
  once fallback "program 1: kernel 'histogram': 0 launches through the software runtime, [1-9][0-9]* native fallbacks\?$"
}

scenario_fallback_one_group_device() {
  # ... and so does a device that runs one work-group at a time (PoCL with
  # one thread).
  run fallback-cu POCL_CPU_MAX_CU_COUNT=1 POCL_MAX_PTHREAD_COUNT=1 "$sample"
  expect fallback-cu "program 1: kernel 'histogram': launch failed: SA_DEVICE_NOT_SUPPORTED: device .* runs 1 work-group at a time.*; launched natively instead$"
}

scenario_device_failure_reported() {
  # A device-side failure (more co-resident groups claimed than PoCL runs:
  # the coordinator gives up waiting for workers, or a worker for it: which
  # one depends on timing) surfaces from clWaitForEvents and clFinish as
  # OpenCL errors, with the log's reason.
  run device-failure SOFTATOMIC_MAX_GROUPS=64 SOFTATOMIC_IDLE_LIMIT=20000 SOFTATOMIC_SPIN_LIMIT=20000 "$sample" --expect-device-failure
  expect device-failure "clWaitForEvents: SA_[A-Z_]*: kernel 'histogram': .*; returned CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST$"
  expect device-failure "clFinish: SA_[A-Z_]*: kernel 'histogram': .*; returned CL_OUT_OF_RESOURCES$"
}

scenario_exports_match_intercepted_list() {
  # The layer exports exactly the entry points InterceptedEntryPoints.def
  # lists (as an OpenCL layer, it intercepts only those), besides the
  # layer's own clGetLayerInfo and clInitLayer.
  list=$here/../../layer/InterceptedEntryPoints.def
  exported=$(nm -D --defined-only "$layer" | awk '$3 ~ /^cl/ { print $3 }' |
    grep -v -x -e clGetLayerInfo -e clInitLayer | sort)
  listed=$(sed -n 's/^SA_INTERCEPTED(\(cl[A-Za-z0-9]*\))$/\1/p' "$list" | sort)
  [ -n "$listed" ] && [ "$exported" = "$listed" ] ||
    fail "exports: the layer exports [$(echo $exported)], InterceptedEntryPoints.def lists [$(echo $listed)]"
}

scenario_opencl_layers_rewrites_once() {
  # As an OpenCL layer: OPENCL_LAYERS, no LD_PRELOAD. The same verdicts and
  # log lines as preloaded (rewrites-and-launches), once each.
  as_opencl_layer layer-default "$sample"
  once layer-default "${loaded}intercepting$"
  once layer-default "program 1: kernel 'histogram' rewritten (2 atomic sites)$"
  once layer-default "program 1: kernel 'scale' left native: it reaches no global atomic$"
  once layer-default "program 1: kernel 'histogram' launched through the software runtime$"
  expect layer-default "program 2: built from binary: passed through$"
  refute layer-default "launch failed"
}

scenario_opencl_layers_combine_mode() {
  as_opencl_layer layer-combine SOFTATOMIC_MODE=combine SOFTATOMIC_LAYER_OPTIONS="--combine-mode --defer-unused=false" "$sample"
  expect layer-combine "program 1: kernel 'histogram' launched through the software runtime$"
  refute layer-combine "launch failed"
}

scenario_opencl_layers_refused_program_native() {
  as_opencl_layer layer-unsupported "$sample" --unsupported
  expect layer-unsupported "program 1: left native: .*error: kernel 'stamp' uses the work-group geometry and cannot be called from rewritten kernel 'stamped'"
  refute layer-unsupported "rewritten ("
  refute layer-unsupported "launched through"
}

scenario_opencl_layers_off_passes_through() {
  # SOFTATOMIC_LAYER=0: loaded by the ICD loader (LD_DEBUG names it),
  # nothing logged. (Whether the loader has layers at all is asked of an
  # instance that logs.)
  as_opencl_layer layers-probe "$sample"
  run layer-off SOFTATOMIC_LAYER=0 LD_DEBUG=files "$sample"
  [ ! -s "$logs/layer-off.log" ] || fail "layer-off: the layer logged: $(cat "$logs/layer-off.log")"
  grep -q "file=$layer .*dynamically loaded by .*libOpenCL" "$logs/layer-off.out" ||
    fail "layer-off: the ICD loader did not load the layer"
}

# Preloaded and in OPENCL_LAYERS at once, the same file or a copy (with its
# rewriter module, so that it could rewrite): the OpenCL layer passes
# everything through and says so; the preloaded one rewrites, once.
# both NAME OPENCL_LAYER: that check, with OPENCL_LAYER in OPENCL_LAYERS.
both() {
  as_opencl_layer layers-probe "$sample"
  load="OPENCL_LAYERS=$2"
  run "$1" LD_PRELOAD="$layer" "$sample"
  once "$1" "${loaded}passing everything through: the layer is preloaded (LD_PRELOAD) as well, and rewrites there$"
  once "$1" "program 1: kernel 'histogram' rewritten (2 atomic sites)$"
  once "$1" "program 1: kernel 'histogram' launched through the software runtime$"
  refute "$1" "intercepting"
  refute "$1" "launch failed"
}

scenario_preloaded_and_opencl_layer_same_file() {
  both both-same "$layer"
}

scenario_preloaded_and_opencl_layer_copy() {
  mkdir -p "$logs/copy" &&
    cp "$layer" "$(dirname "$layer")/libsoftatomic-layer-rewriter.so" "$logs/copy/"
  both both-copy "$logs/copy/$(basename "$layer")"
}

function=scenario_$(echo "$scenario" | tr - _)
if ! command -v "$function" >/dev/null 2>&1; then
  echo "run-layer-sample.sh: no scenario '$scenario'" >&2
  exit 2
fi
"$function"
if [ "$failures" -ne 0 ]; then
  echo "$scenario: $failures check(s) failed; logs in $logs"
  exit 1
fi
echo "$scenario: all checks passed"
