#!/usr/bin/env bash
# The package test (ctest: package). Usage:
#   external-project.sh BUILD_DIR SAMPLE_DIR PKG_CONFIG_USER_CPP HELPER_DIR C_DIR
# 1. installs BUILD_DIR (already built) into a temporary prefix;
# 2. configures a copy of SAMPLE_DIR in a fresh environment with only that
#    prefix on CMAKE_PREFIX_PATH, builds it (kernels rewritten at build time,
#    one embedded) and runs it on the OpenCL device (it checks its results);
# 3. touches the header one kernel includes: only that kernel is rewritten
#    again;
# 4. builds HELPER_DIR with the Makefile generator (softatomic_rewrite_kernels
#    where a new user meets it: no EMBED call on a target, a call from a
#    subdirectory, an embedded kernel with a header from INCLUDE_DIRECTORIES,
#    run with its build options alone) and checks that configure refuses a
#    kernel name used twice on one target, and a kernel file that does not
#    exist;
# 5. builds C_DIR, a C project, with the Makefile generator: the static
#    library linked by the C compiler, an embedded kernel over 64 KB (as
#    bytes, no string literal), the components found; and against an
#    installation without the rewriter, that asking for it fails with the
#    reason and that it may be optional;
# 6. compiles and runs a program through softatomic.pc (without
#    LD_LIBRARY_PATH: Libs gives the library's folder as rpath), one linked against
#    the static library, and the C program through `pkg-config --static`
#    where only the static library is installed (skipped, saying so, where
#    there is no pkg-config).
set -euo pipefail
build=$1 sample=$2 pc_user=$3 helper=$4 c_project=$5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "package test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log"
cp -r "$sample" "$tmp/src"
# lib, or lib/<multiarch> where the build's install prefix was /usr.
pc=$(find "$tmp/prefix" -name softatomic.pc)
[ -n "$pc" ] || fail "softatomic.pc was not installed"
libdir=$(dirname "$(dirname "$pc")")

# Nothing from this shell but the tools' directory: the package must be
# found through CMAKE_PREFIX_PATH alone.
fresh=(env -i "PATH=$(dirname "$(command -v cmake)"):/usr/bin:/bin" "HOME=$tmp")
"${fresh[@]}" cmake -S "$tmp/src" -B "$tmp/build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$tmp/prefix" >"$tmp/configure.log" ||
  { cat "$tmp/configure.log"; fail "configuring the sample failed"; }
sample_build() { "${fresh[@]}" cmake --build "$tmp/build" -j 2 >"$tmp/$1.log" 2>&1 ||
  { cat "$tmp/$1.log"; fail "building the sample failed ($1)"; }; }
sample_build first
grep -q "Rewriting softatomic/sa-sample/histogram.sa.cl" "$tmp/first.log" ||
  fail "histogram.cl was not rewritten at build time"
grep -q "Rewriting softatomic/sa-sample/tickets.sa.cl" "$tmp/first.log" ||
  fail "tickets.cl was not rewritten at build time"
grep -q "Embedding histogram.sa.cl" "$tmp/first.log" || fail "histogram was not embedded"
"$tmp/build/sa-sample" || fail "the sample's results are wrong"

# Nothing changed: nothing is rewritten.
sample_build noop
! grep -q Rewriting "$tmp/noop.log" || fail "a build with nothing changed rewrote a kernel"

# The header histogram.cl includes changed: histogram is rewritten (and
# embedded) again, tickets is not.
sleep 1 # make compares time stamps
touch "$tmp/src/kernels/bins.h"
sample_build header
grep -q "Rewriting softatomic/sa-sample/histogram.sa.cl" "$tmp/header.log" ||
  { cat "$tmp/header.log"; fail "touching bins.h did not rewrite histogram.cl"; }
! grep -q "tickets" "$tmp/header.log" ||
  { cat "$tmp/header.log"; fail "touching bins.h rewrote tickets.cl too"; }
grep -q "Embedding histogram.sa.cl" "$tmp/header.log" || fail "histogram was not embedded again"
"$tmp/build/sa-sample" >/dev/null || fail "the rebuilt sample's results are wrong"

# The helper under Make, which (unlike Ninja) makes no output's folder and
# gives a custom command's rule only to targets of its own directory.
cp -r "$helper" "$tmp/helper"
helper_configure() {
  "${fresh[@]}" cmake -S "$tmp/helper" -B "$tmp/$1" -G "Unix Makefiles" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$tmp/prefix" "${@:2}" \
    >"$tmp/$1.log" 2>&1
}
helper_configure helper-build || { cat "$tmp/helper-build.log"; fail "configuring the helper project failed"; }
"${fresh[@]}" cmake --build "$tmp/helper-build" -j 2 >"$tmp/helper.log" 2>&1 ||
  { cat "$tmp/helper.log"; fail "building the helper project failed"; }
[ -f "$tmp/helper-build/softatomic/queue-app/queue.sa.cl" ] ||
  fail "queue.cl (no EMBED on its target) was not rewritten"
"$tmp/helper-build/sa-helper" >"$tmp/helper-run.log" 2>&1 ||
  { cat "$tmp/helper-run.log"; fail "the helper's embedded kernels failed (built with their build options alone)"; }
! helper_configure duplicate-build -DSA_DUPLICATE=ON ||
  fail "configure accepted two kernels named queue on one target"
tr -s ' \n' ' ' <"$tmp/duplicate-build.log" |
  grep -q "softatomic_rewrite_kernels(queue-app): kernel [^ ]*/duplicate/queue.cl has the name of [^ ]*/kernels/queue.cl" ||
  { cat "$tmp/duplicate-build.log"; fail "the duplicate kernel name was not refused with its own message"; }
! helper_configure missing-build -DSA_MISSING_SOURCE=ON ||
  fail "configure accepted a kernel file that does not exist"
tr -s ' \n' ' ' <"$tmp/missing-build.log" |
  grep -q "softatomic_rewrite_kernels(queue-app): the kernel [^ ]*/kernels/missing.cl (SOURCES) does not exist" ||
  { cat "$tmp/missing-build.log"; fail "the missing kernel file was not refused at configure with its own message"; }

# A C project: no C++ compiler links it, so the static library must bring
# the C++ runtime itself.
cp -r "$c_project" "$tmp/c-project"
c_configure() {
  "${fresh[@]}" cmake -S "$tmp/c-project" -B "$tmp/$1" -G "Unix Makefiles" \
    -DCMAKE_BUILD_TYPE=Release "${@:2}" >"$tmp/$1.log" 2>&1
}
c_configure c-build -DCMAKE_PREFIX_PATH="$tmp/prefix" ||
  { cat "$tmp/c-build.log"; fail "configuring the C project failed"; }
"${fresh[@]}" cmake --build "$tmp/c-build" -j 2 >"$tmp/c.log" 2>&1 ||
  { cat "$tmp/c.log"; fail "building the C project (runtime_static, an embedded kernel over 64 KB) failed"; }
! readelf -d "$tmp/c-build/sa-c-user" | grep -q "NEEDED.*libsoftatomic" ||
  fail "the C project's program needs libsoftatomic.so: runtime_static was not linked"
"$tmp/c-build/sa-c-user" >"$tmp/c-run.log" 2>&1 && grep -q "^histogram (.* bytes embedded): OK" "$tmp/c-run.log" ||
  { cat "$tmp/c-run.log"; fail "the C project's embedded kernel failed"; }

# An installation without the rewriter (a build without Clang installs no
# SoftAtomicRewriteTargets.cmake and no tool): asked for, rewrite fails
# find_package with the reason; optional, it is reported missing.
cp -r "$tmp/prefix" "$tmp/no-rewriter"
rm "$tmp/no-rewriter/bin/softatomic-rewrite" \
   "$tmp/no-rewriter/${libdir#"$tmp/prefix/"}"/cmake/SoftAtomic/SoftAtomicRewriteTargets*.cmake
! c_configure no-rewriter-build -DCMAKE_PREFIX_PATH="$tmp/no-rewriter" ||
  fail "find_package(SoftAtomic COMPONENTS rewrite) succeeded without the rewriter"
tr -s ' \n' ' ' <"$tmp/no-rewriter-build.log" |
  grep -q "component rewrite: softatomic-rewrite and softatomic_rewrite_kernels() are not installed: this SoftAtomic was built without the rewriter" ||
  { cat "$tmp/no-rewriter-build.log"; fail "the missing rewrite component was not explained"; }
c_configure optional-build -DCMAKE_PREFIX_PATH="$tmp/no-rewriter" -DSA_REWRITE_OPTIONAL=ON ||
  { cat "$tmp/optional-build.log"; fail "the rewrite component, optional and missing, was not reported as such"; }

# softatomic.pc, where pkg-config is installed.
if command -v pkg-config >/dev/null; then
  # pkg-config, shared library.
  export PKG_CONFIG_PATH="$libdir/pkgconfig"
  pkg-config --exists --print-errors softatomic || fail "softatomic.pc not usable"
  read -r -a pc_flags <<<"$(pkg-config --cflags --libs softatomic)"
  c++ "$pc_user" -o "$tmp/pc-user" "${pc_flags[@]}" || fail "compiling through softatomic.pc failed"
  # Libs' rpath finds libsoftatomic.so: no LD_LIBRARY_PATH.
  env -u LD_LIBRARY_PATH "$tmp/pc-user" | grep -q "last error: ''" ||
    fail "the program linked through softatomic.pc did not run without LD_LIBRARY_PATH (no rpath in Libs?)"
  "$(pkg-config --variable=rewriter softatomic)" --version | grep -q "^softatomic-rewrite " ||
    fail "pkg-config's rewriter variable does not name the installed tool"
  # The static library needs only OpenCL (and C++'s runtime) besides.
  c++ "$pc_user" -o "$tmp/static-user" $(pkg-config --cflags softatomic) \
    "$libdir/libsoftatomic.a" -lOpenCL || fail "linking libsoftatomic.a failed"
  "$tmp/static-user" >/dev/null || fail "the program linked statically did not run"
  # `pkg-config --static` where only the static library is installed: the C
  # program, linked by the C compiler, gets the C++ runtime from Libs.private.
  cp -r "$tmp/prefix" "$tmp/static-only"
  static_libdir="$tmp/static-only/${libdir#"$tmp/prefix/"}"
  rm "$static_libdir"/libsoftatomic.so*
  read -r -a pc_static_flags <<<"$(PKG_CONFIG_PATH="$static_libdir/pkgconfig" pkg-config --static --cflags --libs softatomic)"
  embedded="$tmp/c-build/softatomic/sa-c-user"
  cc "$tmp/c-project/main.c" "$embedded/histogram.sa.c" -I"$embedded/include" \
    -o "$tmp/pc-static-c-user" "${pc_static_flags[@]}" ||
    fail "linking a C program through 'pkg-config --static' failed (${pc_static_flags[*]})"
  "$tmp/pc-static-c-user" | grep -q "^histogram (.* bytes embedded): OK" ||
    fail "the C program linked through 'pkg-config --static' did not run"
else
  echo "package test: no pkg-config here: softatomic.pc was not checked"
fi
echo "package test: OK"
