#include "Mode.h"

#include "Error.h"

#include <atomic>
#include <cstdlib>
#include <string>

namespace softatomic {
namespace {
/// What saSetMode set, or Unset: the environment decides.
constexpr cl_uint Unset = ~0u;
std::atomic<cl_uint> ChosenMode{Unset};
} // namespace

cl_int launchMode(cl_uint &Mode) {
  cl_uint Chosen = ChosenMode.load(std::memory_order_relaxed);
  if (Chosen != Unset) {
    Mode = Chosen;
    return CL_SUCCESS;
  }
  const char *Env = std::getenv("SOFTATOMIC_MODE");
  std::string Name = Env ? Env : "";
  if (Name.empty() || Name == "coordinator")
    Mode = SA_MODE_COORDINATOR;
  else if (Name == "combine")
    Mode = SA_MODE_COMBINE;
  else
    return fail(CL_INVALID_VALUE, "SOFTATOMIC_MODE='" + Name +
                                      "' is neither 'coordinator' nor 'combine'");
  return CL_SUCCESS;
}

} // namespace softatomic

extern "C" cl_int saSetMode(cl_uint Mode) {
  using namespace softatomic;
  if (Mode != SA_MODE_COORDINATOR && Mode != SA_MODE_COMBINE)
    return fail(CL_INVALID_VALUE, "mode " + std::to_string(Mode) +
                                      " is neither SA_MODE_COORDINATOR nor SA_MODE_COMBINE");
  ChosenMode.store(Mode, std::memory_order_relaxed);
  return succeed();
}

extern "C" cl_uint saGetMode(void) {
  cl_uint Mode = SA_MODE_COORDINATOR;
  softatomic::launchMode(Mode);
  return Mode;
}
