//===- CompilerArgs.cpp - The compiler flags every parse needs ------------===//

#include "driver/Rewriter.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang::tooling;
using namespace llvm;

namespace softatomic {

/// True when \p Args already name an OpenCL C standard.
static bool namesStandard(const CommandLineArguments &Args) {
  return any_of(Args, [](StringRef Arg) {
    return Arg.starts_with("-cl-std=") || Arg.starts_with("--cl-std=") ||
           Arg.starts_with("-std=") || Arg.starts_with("--std=");
  });
}

ArgumentsAdjuster getOpenCLArgumentsAdjuster(const RewriteOptions &Options) {
  return [ClStd = Options.ClStd, ResourceDir = Options.ResourceDir,
          NoWarnings = Options.SuppressWarnings](
             const CommandLineArguments &Args, StringRef) {
    // spir64 declares every OpenCL extension (cl_khr_int64_base_atomics,
    // ...), so the parse sees every atomic the source may call.
    CommandLineArguments Front = {
        "-x", "cl", "-target", "spir64", "-Xclang", "-finclude-default-header"};
    if (!namesStandard(Args))
      Front.push_back("-cl-std=" + ClStd);
    if (NoWarnings)
      Front.push_back("-w"); // wins over any -W flag that follows
    if (!ResourceDir.empty()) {
      Front.push_back("-resource-dir");
      Front.push_back(ResourceDir);
    }
    // Right after the program name: the user's own flags come later and
    // win where they repeat one of these.
    CommandLineArguments Result(Args);
    Result.insert(Result.begin() + (Result.empty() ? 0 : 1), Front.begin(),
                  Front.end());
    return Result;
  };
}

} // namespace softatomic
