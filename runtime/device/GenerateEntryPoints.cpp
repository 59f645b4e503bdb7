// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- GenerateEntryPoints.cpp - The device runtime's entry points --------===//
//
// Writes the part of the device runtime that holds its atomic entry points,
// one function each, from the table the rewriter names them by
// (lib/model/RuntimeCalls.def, SA_ENTRY_POINTS). Written out rather than
// token-pasted by macros, each name the rewriter emits appears once in the
// assembled runtime, and `grep __sa_atomic_add_int` finds it.
//
// What each entry point does is said here once per kind: the per-item
// atomics ask __sa_request (part 7), 32-bit adds and subtracts through
// __sa_item_add (part 8), the deferred ones __sa_defer (part 6),
// the work-group ones __sa_wg_add (32-bit additions) and __sa_wg_request
// (any other operation, part 8); the OpenCL 2.0 forms note
// their memory order (__sa_order, part 7) and call the 1.x form of their
// operation in the same call form. Float and double ones (floating())
// exchange their bits through the integer ones, and ask for the float
// operation (SA_OP_FLOAT) on them otherwise.
//
// Usage: softatomic-generate-entry-points OUTPUT.cl
//
//===----------------------------------------------------------------------===//

#include <cassert>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "model/RuntimeCalls.h"

using namespace softatomic;

namespace {

std::string prefix(CallForm Form) { return callFormPrefix(Form); }

std::string opName(AtomicOp Op) { return atomicOpSpelling(Op); }

/// The 1.x operation that carries out a 2.0 one; a 1.x one itself.
AtomicOp plainOp(AtomicOp Op) {
  switch (Op) {
  case AtomicOp::FetchAdd:
    return AtomicOp::Add;
  case AtomicOp::FetchSub:
    return AtomicOp::Sub;
  case AtomicOp::FetchOr:
    return AtomicOp::Or;
  case AtomicOp::FetchXor:
    return AtomicOp::Xor;
  case AtomicOp::FetchAnd:
    return AtomicOp::And;
  case AtomicOp::FetchMin:
    return AtomicOp::Min;
  case AtomicOp::FetchMax:
    return AtomicOp::Max;
  case AtomicOp::Exchange:
  case AtomicOp::Store:
    return AtomicOp::Xchg;
  case AtomicOp::CompareExchange:
    return AtomicOp::Cmpxchg;
  default:
    return Op;
  }
}

/// The request's operation code (softatomic_layout.h) for a 1.x operation.
std::string opCode(AtomicOp Op) {
  std::string Name = opName(Op);
  for (char &C : Name)
    C = static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
  return "SA_OP_" + Name;
}

struct Type {
  std::string Name;     ///< int, uint, long, ulong, float, double
  std::string Unsigned; ///< uint or ulong: the bits a request carries
  bool Signed;
  bool Wide;
  bool Float = false;
};

const Type Int{"int", "uint", true, false};
const Type UInt{"uint", "uint", false, false};
const Type Long{"long", "ulong", true, true};
const Type ULong{"ulong", "ulong", false, true};
const Type Float{"float", "uint", false, false, true};
const Type Double{"double", "ulong", false, true, true};

/// The bits of V, a value of T, as the unsigned integer a request
/// carries: a float's by as_uint, a signed integer's by a cast.
std::string bits(const Type &T, const std::string &V = "v") {
  if (T.Float)
    return "as_" + T.Unsigned + "(" + V + ")";
  return T.Signed ? "(" + T.Unsigned + ")" + V : V;
}

/// A value of T from the bits B of its unsigned integer.
std::string fromBits(const Type &T, const std::string &B) {
  return T.Float ? "as_" + T.Name + "((" + T.Unsigned + ")" + B + ")"
                 : "(" + T.Name + ")" + B;
}

/// The operand of a deferred or work-group call, as the bits the worker's
/// table or the group's sum adds: a subtraction adds the negation, inc and
/// dec add 1 and -1, at T's width.
std::string addOperand(AtomicOp Op, const Type &T) {
  std::string V = bits(T);
  switch (Op) {
  case AtomicOp::Sub:
    // x - v is exactly x + (-v) in IEEE arithmetic.
    return T.Float ? bits(T, "-v") : (T.Wide ? "0ul - " : "0u - ") + V;
  case AtomicOp::Inc:
    return T.Wide ? "1ul" : "1u";
  case AtomicOp::Dec:
    return T.Wide ? "0xfffffffffffffffful" : "0xffffffffu";
  default:
    return V;
  }
}

bool hasValue(AtomicOp Op) {
  return Op != AtomicOp::Inc && Op != AtomicOp::Dec;
}

/// The operations a work-group form combines into one request per address
/// (their old values are prefix sums).
bool isGroupAddition(AtomicOp Op) {
  return Op == AtomicOp::Add || Op == AtomicOp::Sub || Op == AtomicOp::Inc ||
         Op == AtomicOp::Dec;
}

/// The statement that opens a deferred or work-group entry point: in a
/// launch of the kernel as written (SA_MODE_DIRECT; SA_IS_DIRECT, part 2),
/// the source's own 1.x call, Call, and nothing else. (A per-item call
/// goes to __sa_request, which makes it there, with the fences its memory
/// order asks for; the 2.0 forms are the 1.x ones with an order noted. No
/// 2.0 builtin is named: a compiler may declare only some of them.) The
/// work-group forms ask SA_WG_DIRECT (part 8): on PoCL __sa_wg_add makes that
/// call itself, between its barriers. The predicated work-group form makes it
/// only where the work-item is the caller; a form without a result discards it.
std::string direct(CallForm Form, bool Void, const std::string &Call) {
  std::string If =
      isGroupForm(Form) ? "if (SA_WG_DIRECT(ctx)) " : "if (SA_IS_DIRECT(ctx)) ";
  if (Void)
    return If + "{ (void)" + Call + "; return; } ";
  if (Form == CallForm::PredicatedWorkGroup)
    return If + "return active ? " + Call + " : 0; ";
  return If + "return " + Call + "; ";
}

/// The arguments of the source's 1.x call of Op.
std::string plainArgs(AtomicOp Op) {
  return Op == AtomicOp::Cmpxchg ? "(p, cmp, v)"
         : hasValue(Op)          ? "(p, v)"
                                 : "(p)";
}

class Writer {
public:
  explicit Writer(std::ostream &OS) : OS(OS) {}

  /// A 1.x entry point: Op in Form on T.
  void plain(CallForm Form, AtomicOp Op, const Type &T) {
    std::string Name = prefix(Form) + "atomic_" + opName(Op) + "_" + T.Name;
    std::string Ptr = "volatile __global " + T.Name + " *p";
    std::string Value = hasValue(Op) ? T.Name + " v, " : "";
    std::string Ret =
        Form == CallForm::Deferred || Form == CallForm::Reproducible ? "void"
                                                                     : T.Name;
    if (T.Float)
      return floating(Form, Op, T, Name, Ptr + ", " + Value, Ret);
    // As written, in the forms that do not reach __sa_request (which
    // carries out a per-item call of the kernel as written itself, with
    // the memory order a 2.0 call noted): the 1.x builtin, 32-bit only.
    std::string Direct = direct(Form, Form == CallForm::Deferred,
                                "atomic_" + opName(Op) + plainArgs(Op));
    switch (Form) {
    case CallForm::PerItem:
      if (Op == AtomicOp::Cmpxchg)
        return function(Ret, Name, Ptr + ", " + T.Name + " cmp, " + Value,
                        "return (" + T.Name + ")__sa_request(ctx, " +
                            code(Op, T) + ", __sa_addr(p), " + toUnsigned(T) +
                            ", " + toUnsigned(T, "cmp") + ");");
      if (!hasValue(Op))
        return function(Ret, Name, Ptr + ", ",
                        "return " + prefix(Form) + "atomic_" +
                            (Op == AtomicOp::Inc ? "add" : "sub") + "_" +
                            T.Name + "(p, " + (T.Signed ? "1" : "1u") +
                            ", ctx);");
      // An add or subtract may be combined with the warp's others on its
      // address (part 8, __sa_item_add).
      if (Op == AtomicOp::Add || Op == AtomicOp::Sub)
        return function(Ret, Name, Ptr + ", " + Value,
                        "return (" + T.Name + ")__sa_item_add(ctx, " +
                            code(Op, T) + ", __sa_addr(p), " + toUnsigned(T) +
                            ");");
      return function(Ret, Name, Ptr + ", " + Value,
                      "return (" + T.Name + ")__sa_request(ctx, " +
                          code(Op, T) + ", __sa_addr(p), " + toUnsigned(T) +
                          ", 0);");
    case CallForm::Deferred: {
      // Sub, inc and dec add their negation, 1 and -1.
      AtomicOp Sent = Op == AtomicOp::Sub || !hasValue(Op) ? AtomicOp::Add : Op;
      // The private fold's hit first (part 6, __sa_fold): the common case
      // of a loop, and never a launch as written.
      std::string Args = code(Sent, T) + ", __sa_addr(p), " +
                         addOperand(Op, T) + ")";
      // The warp program's 32-bit adds are folded, then take the warp
      // path; anything else sends their sum first (part 8).
      std::string Warp =
          Sent == AtomicOp::Add && !T.Wide
              ? "if (SA_WARP_DEFERRED) { __sa_warp_deferred_add(ctx, "
                "__sa_addr(p), " +
                    addOperand(Op, T) + "); return; } "
              : "if (SA_WARP_DEFERRED) __sa_warp_flush(ctx); ";
      // A privatized copy's element first (part 6b): the privatized form's
      // whole cost per call.
      return function(Ret, Name, Ptr + ", " + Value,
                      "if (__sa_private(ctx, " + Args + ") return; " +
                          "if (__sa_fold(ctx, " + Args + ") return; " + Warp +
                          Direct + "__sa_defer(ctx, " + Args + ";");
    }
    case CallForm::Reproducible:
      assert(false && "only floats are summed reproducibly");
      return;
    case CallForm::WorkGroup:
    case CallForm::PredicatedWorkGroup: {
      bool Predicated = Form == CallForm::PredicatedWorkGroup;
      std::string Active = Predicated ? "active" : "1";
      std::string Params = (Predicated ? "int active, " : "") + Ptr + ", " +
                           (Op == AtomicOp::Cmpxchg ? T.Name + " cmp, " : "") +
                           Value;
      // Additions: combined in the group (part 8).
      if (isGroupAddition(Op))
        return groupAdd(Form, Op, T, Name, Params, T.Wide ? "" : Direct);
      // Any other: each work-item's own request, the group's published
      // together (__sa_wg_request, which makes the call as written through
      // __sa_request). inc and dec add and subtract 1.
      AtomicOp Sent = Op == AtomicOp::Inc   ? AtomicOp::Add
                      : Op == AtomicOp::Dec ? AtomicOp::Sub
                                            : Op;
      std::string Operand = hasValue(Op) ? toUnsigned(T) : "1";
      std::string Compare =
          Op == AtomicOp::Cmpxchg ? toUnsigned(T, "cmp") : "0";
      return function(Ret, Name, Params,
                      "return (" + T.Name + ")__sa_wg_request(ctx, " +
                          code(Sent, T) + ", __sa_addr(p), " + Operand + ", " +
                          Compare + ", " + Active + ");");
    }
    }
  }

  /// A work-group addition (add, sub, inc, dec; a float's add and sub) on
  /// T: combined in the group, __sa_wg_add at 32 bits, __sa_wg_add_wide
  /// at 64 (part 8), which adds the negation of a subtraction. Direct: the
  /// call as written that opens it, else (64 bits, floats: no 1.x builtin
  /// to name) the same add through __sa_native.
  void groupAdd(CallForm Form, AtomicOp Op, const Type &T,
                const std::string &Name, const std::string &Params,
                std::string Direct) {
    std::string Active =
        Form == CallForm::PredicatedWorkGroup ? "active" : "1";
    std::string Code = code(AtomicOp::Add, T);
    std::string Operand = addOperand(Op, T);
    if (Direct.empty())
      Direct = direct(Form, false,
                      fromBits(T, "__sa_native(ctx, " + Code +
                                      ", __sa_addr(p), " + Operand + ", 0)"));
    std::string Combine = T.Wide ? "__sa_wg_add_wide" : "__sa_wg_add";
    function(T.Name, Name, Params,
             Direct + "return " +
                 fromBits(T, Combine + "(ctx, " + Code + ", p, " + Operand +
                                 ", " + Active + ")") +
                 ";");
  }

  /// A float (or double) entry point. An exchange, or a compare-exchange,
  /// is one of the bits: the integer entry point of that width does it.
  /// add, sub, min and max ask for the float operation (SA_OP_FLOAT),
  /// which the coordinator, __sa_native (the device's float instruction
  /// where it has one, else a compare-exchange loop) and the deferred
  /// table carry out; add and sub per item through __sa_item_add (the
  /// warp's sum, where floats may be summed in another order) and in a
  /// group form combined (groupAdd).
  void floating(CallForm Form, AtomicOp Op, const Type &T,
                const std::string &Name, const std::string &Params,
                const std::string &Ret) {
    std::string Bits = "volatile __global " + T.Unsigned + " *";
    if (Op == AtomicOp::Xchg)
      return function(Ret, Name, Params,
                      "return " +
                          fromBits(T, "__sa_atomic_xchg_" + T.Unsigned + "((" +
                                          Bits + ")p, " + bits(T) + ", ctx)") +
                          ";");
    if (Op == AtomicOp::Cmpxchg)
      return function(Ret, Name,
                      "volatile __global " + T.Name + " *p, " + T.Name +
                          " cmp, " + T.Name + " v, ",
                      "return " +
                          fromBits(T, "__sa_atomic_cmpxchg_" + T.Unsigned +
                                          "((" + Bits + ")p, " +
                                          bits(T, "cmp") + ", " + bits(T) +
                                          ", ctx)") +
                          ";");
    bool Add = Op == AtomicOp::Add || Op == AtomicOp::Sub;
    if (Form == CallForm::Reproducible)
      return reproducible(Op, T, Name, Params);
    if (Form == CallForm::PerItem)
      return function(Ret, Name, Params,
                      "return " +
                          fromBits(T, (Add ? "__sa_item_add(ctx, "
                                           : "__sa_request(ctx, ") +
                                          code(Op, T) + ", __sa_addr(p), " +
                                          bits(T) + (Add ? ")" : ", 0)")) +
                          ";");
    if (isGroupForm(Form)) {
      assert(Add && "floats are combined in a group for add and sub alone");
      std::string Predicated =
          Form == CallForm::PredicatedWorkGroup ? "int active, " : "";
      return groupAdd(Form, Op, T, Name, Predicated + Params, "");
    }
    assert(Form == CallForm::Deferred && !T.Wide &&
           "floats are deferred at 32 bits");
    // A subtraction adds the negation. The warp program sends its folded
    // integer adds first; the kernel as written makes the float operation
    // natively (no 1.x builtin has it).
    AtomicOp Sent = Op == AtomicOp::Sub ? AtomicOp::Add : Op;
    std::string Operands =
        code(Sent, T) + ", __sa_addr(p), " + addOperand(Op, T);
    function(Ret, Name, Params,
             "if (__sa_private(ctx, " + Operands + ")) return; " +
                 "if (__sa_fold(ctx, " + Operands +
                 ")) return; if (SA_WARP_DEFERRED) __sa_warp_flush(ctx); " +
                 direct(Form, true, "__sa_native(ctx, " + Operands + ", 0)") +
                 "__sa_defer(ctx, " + Operands + ");");
  }

  /// A reproducible float add or subtract (--float-atomics=reproducible):
  /// summed exactly in the launch's accumulators (part 8b), a subtraction
  /// as the addition of the negation, which is exact. Where the launch
  /// has none (the warp program, the kernel as written), the per-item
  /// call it stands for. An OpenCL 2.0 call's order, noted by cl20(), is
  /// dropped: nothing reads the sum before the kernel ends.
  void reproducible(AtomicOp Op, const Type &T, const std::string &Name,
                    const std::string &Params) {
    std::string Value = Op == AtomicOp::Sub ? "-v" : "v";
    function("void", Name, Params,
             "if (SA_REPRO_ON(ctx)) { ctx->ordered = 0; __sa_repro_add_" +
                 T.Name + "(ctx, p, " + Value + "); return; } (void)" +
                 prefix(CallForm::PerItem) + "atomic_" + opName(Op) + "_" +
                 T.Name + "(p, v, ctx);");
  }

  /// The per-item 1.x entry point of Op on T for a macro that rewritten
  /// code and code without the context both expand (part 2, "geometry in a
  /// macro shared..."): the software atomic under a rewrite's own
  /// __sa_ctx, the builtin as written under the program-scope null one.
  void scoped(AtomicOp Op, const Type &T) {
    // Of the floats' 1.x atomics, OpenCL has the exchange of a float alone.
    if (T.Float && (Op != AtomicOp::Xchg || T.Wide))
      return;
    std::string Args = Op == AtomicOp::Cmpxchg ? "p, cmp, v, "
                       : hasValue(Op)          ? "p, v, "
                                               : "p, ";
    std::string Params = "volatile __global " + T.Name + " *p, " +
                         (Op == AtomicOp::Cmpxchg ? T.Name + " cmp, " : "") +
                         (hasValue(Op) ? T.Name + " v, " : "");
    // 64-bit atomics have only the cl_khr_int64_*_atomics names.
    std::string Native =
        (T.Wide ? "atom_" : "atomic_") + opName(Op) + plainArgs(Op);
    function(T.Name, "__sa_scoped_atomic_" + opName(Op) + "_" + T.Name, Params,
             "return ctx ? " + prefix(CallForm::PerItem) + "atomic_" +
                 opName(Op) + "_" + T.Name + "(" + Args + "ctx) : " + Native +
                 ";");
  }

  /// The 2.0 entry points of Op in Form on T, in the given shapes.
  void cl20(CallForm Form, AtomicOp Op, const Type &T, EntryShapes Shape) {
    bool Void = Form == CallForm::Deferred ||
                Form == CallForm::Reproducible || Op == AtomicOp::Store;
    std::string Ret = Void ? "void" : T.Name;
    std::string Active =
        Form == CallForm::PredicatedWorkGroup ? "active, " : "";
    std::string Call = (Op == AtomicOp::Store ? "(void)"
                        : Void                ? ""
                                              : "return ") +
                       prefix(Form) + "atomic_" + opName(plainOp(Op)) + "_" +
                       T.Name + "(" + Active + "(volatile __global " + T.Name +
                       " *)p, v, ctx);";
    std::string Params =
        (Form == CallForm::PredicatedWorkGroup ? "int active, " : "") +
        std::string("volatile __global atomic_") + T.Name + " *p, " + T.Name +
        " v, ";
    std::string Name = prefix(Form) + "atomic_" + opName(Op);
    // As written: through the 1.x form above, in the same call form, with
    // the order noted for __sa_request.
    if (Shape == EntryShapes::Cl20)
      function(Ret, Name + "_" + T.Name, Params,
               "__sa_order_seq_cst(ctx); " + Call);
    function(Ret, Name + "_explicit_" + T.Name, Params + "memory_order o, ",
             "__sa_order(ctx, o); " + Call);
    function(Ret, Name + "_explicit_scope_" + T.Name,
             Params + "memory_order o, memory_scope s, ",
             "__sa_order(ctx, o); (void)s; " + Call);
  }

  /// The 2.0 compare-exchanges on T whose expected pointer is in Space
  /// (AS: its qualifier): one helper and the three shapes. Strong and weak
  /// alike (weak never fails spuriously here): one cmpxchg request with
  /// *expected as the comparand; on failure the value it found goes to
  /// *expected. The success and failure orders are served by one request.
  void compareExchange(const std::string &Space, const std::string &AS,
                       const Type &T) {
    std::string Helper = "__sa_cas_" + Space + "_" + T.Name;
    std::string Params = "volatile __global atomic_" + T.Name + " *p, " + AS +
                         " " + T.Name + " *e, " + T.Name + " d, ";
    // The bits compared, as a compare-exchange does (a float's value
    // comparison would fail on NaN and take -0.0 for +0.0).
    function("bool", Helper, Params,
             T.Name + " want = *e; " + T.Name + " old = __sa_atomic_cmpxchg_" +
                 T.Name + "((volatile __global " + T.Name +
                 " *)p, want, d, ctx); if (" + bits(T, "old") +
                 " == " + bits(T, "want") +
                 ") return "
                 "true; *e = old; return false;");
    std::string Name = "__sa_atomic_compare_exchange";
    std::string Call = "return " + Helper + "(p, e, d, ctx);";
    std::string Order =
        "__sa_order(ctx, ok != memory_order_relaxed ? ok : fail); ";
    function("bool", Name + "_" + Space + "_" + T.Name, Params,
             "__sa_order_seq_cst(ctx); " + Call);
    function("bool", Name + "_explicit_" + Space + "_" + T.Name,
             Params + "memory_order ok, memory_order fail, ", Order + Call);
    function("bool", Name + "_explicit_scope_" + Space + "_" + T.Name,
             Params + "memory_order ok, memory_order fail, memory_scope s, ",
             Order + "(void)s; " + Call);
  }

  void line(const std::string &Text) { OS << Text << "\n"; }

private:
  /// The request's operation code for Op on T: SA_OP_SIGNED for signed
  /// min and max, SA_OP_WIDE for a 64-bit T.
  static std::string code(AtomicOp Op, const Type &T) {
    std::string Code = opCode(Op);
    if (T.Float)
      Code += " | SA_OP_FLOAT";
    if (T.Signed && (Op == AtomicOp::Min || Op == AtomicOp::Max))
      Code += " | SA_OP_SIGNED";
    if (T.Wide)
      Code += " | SA_OP_WIDE";
    return Code;
  }

  static std::string toUnsigned(const Type &T, const std::string &V = "v") {
    return bits(T, V);
  }

  /// One function; Params ends with ", " (the context comes last). An
  /// entry point the rewriter names gets its profiled form after it.
  void function(const std::string &Ret, const std::string &Name,
                const std::string &Params, const std::string &Body) {
    OS << "static inline " << Ret << " " << Name << "(" << Params
       << "__sa_ctx_t *ctx) { " << Body << " }\n";
    if (isEntryPoint(Name))
      profiled(Ret, Name, Params);
  }

  /// Whether Name is an entry point of some call form (not a helper of
  /// one, not a scoped form).
  static bool isEntryPoint(const std::string &Name) {
    static const CallForm Forms[] = {
#define SA_CALL_FORM(Enumerator, Prefix, Spelling) CallForm::Enumerator,
#include "model/RuntimeCalls.def"
    };
    for (CallForm Form : Forms)
      if (Name.rfind(prefix(Form) + "atomic_", 0) == 0)
        return true;
    return false;
  }

  /// The names of the parameters in Params ("volatile __global uint *p,
  /// uint v, " gives p and v).
  static std::vector<std::string> parameterNames(const std::string &Params) {
    std::vector<std::string> Names;
    size_t Start = 0;
    for (size_t Comma; (Comma = Params.find(", ", Start)) != std::string::npos;
         Start = Comma + 2) {
      std::string Param = Params.substr(Start, Comma - Start);
      size_t Space = Param.find_last_of(" *");
      Names.push_back(Param.substr(Space + 1));
    }
    return Names;
  }

  /// The profiled form of the entry point Name (RuntimeCalls.def,
  /// SA_PROFILED_PREFIX; part 7, __sa_pf_enter): the call recorded and,
  /// where a what-if launch converts another site alone, made the native
  /// atomic of the kernel as written; then the form it wraps. Its caller
  /// is the work-item itself but in the predicated group form, whose
  /// `active` says.
  void profiled(const std::string &Ret, const std::string &Name,
                const std::string &Params) {
    std::string Args;
    for (const std::string &Arg : parameterNames(Params))
      Args += Arg + ", ";
    std::string Caller =
        Params.rfind("int active, ", 0) == 0 ? "active" : "1";
    std::string Call = Name + "(" + Args + "ctx); ";
    std::string Body =
        "uint direct = __sa_pf_enter(ctx, site, " + Caller +
        ", __sa_addr(p)); " +
        (Ret == "void" ? Call + "ctx->direct = direct;"
                       : Ret + " old = " + Call +
                             "ctx->direct = direct; return old;");
    OS << "#ifdef SA_SITE_PROFILE\n"
       << "static inline " << Ret << " " << SA_PROFILED_PREFIX
       << Name.substr(std::string("__sa_").size()) << "(" << Params
       << "__sa_ctx_t *ctx, uint site) { " << Body << " }\n"
       << "#endif\n";
  }

  std::ostream &OS;
};

/// The three passes over the table: 32-bit types; 64-bit integers
/// (SA_INT64_ATOMICS, SA_CL20_INT64); doubles, which also need
/// cl_khr_fp64.
enum class Width { Narrow, WideInteger, Double };

std::vector<Type> types(EntryTypes Ty, Width W) {
  bool Floats = Ty == EntryTypes::Float32 || Ty == EntryTypes::Float32And64;
  switch (W) {
  case Width::Narrow:
    return Floats ? std::vector<Type>{Float} : std::vector<Type>{Int, UInt};
  case Width::WideInteger:
    return Ty == EntryTypes::Int32And64 ? std::vector<Type>{Long, ULong}
                                        : std::vector<Type>{};
  case Width::Double:
    return Ty == EntryTypes::Float32And64 ? std::vector<Type>{Double}
                                          : std::vector<Type>{};
  }
  return {};
}

/// The guard of a pass's block (empty: none) and the end of it.
std::string openWidth(Width W, const char *Wide64) {
  switch (W) {
  case Width::Narrow:
    return "";
  case Width::WideInteger:
    return std::string("#ifdef ") + Wide64;
  case Width::Double:
    return std::string("#if defined(") + Wide64 + ") && defined(cl_khr_fp64)";
  }
  return "";
}

const Width Widths[] = {Width::Narrow, Width::WideInteger, Width::Double};

void write(Writer &W) {
  W.line("/* Device runtime, part 9: the atomic entry points, one function "
         "each,\n"
         " * written by runtime/device/GenerateEntryPoints.cpp from the "
         "table in\n"
         " * lib/model/RuntimeCalls.def (edit them there, not here).\n"
         " * Owns: no macro. Reads: SA_INT64_ATOMICS, SA_CL20_INT64, "
         "SA_CL20_ABSENT,\n"
         " * SA_SITE_PROFILE (each entry point's profiled form, __sa_pf_...),\n"
         " * cl_khr_fp64,\n"
         " * SA_SCOPED_CONTEXT, __OPENCL_C_VERSION__,\n"
         " * __opencl_c_generic_address_space. */");
  W.line("");
  // 1.x entry points, then 2.0 ones (which call them); 64-bit ones only in
  // kernels built with them, double ones where the device has doubles.
  // Within a pass the table's order: a float's exchange calls the integer
  // one of its width, written before it.
  auto EachWidth = [&W](const char *Wide64, auto Write) {
    for (Width Pass : Widths) {
      std::string Open = openWidth(Pass, Wide64);
      if (!Open.empty())
        W.line(Open);
      Write(Pass);
      if (!Open.empty())
        W.line("#endif");
    }
  };
  EachWidth("SA_INT64_ATOMICS", [&W](Width Pass) {
    for (const EntryPointRow &R : EntryPointRows)
      if (R.Shapes == EntryShapes::Plain)
        for (const Type &T : types(R.Types, Pass))
          W.plain(R.Form, R.Op, T);
  });
  W.line("");
  W.line("#ifdef SA_SCOPED_CONTEXT");
  EachWidth("SA_INT64_ATOMICS", [&W](Width Pass) {
    for (const EntryPointRow &R : EntryPointRows)
      if (R.Shapes == EntryShapes::Plain && R.Form == CallForm::PerItem)
        for (const Type &T : types(R.Types, Pass))
          W.scoped(R.Op, T);
  });
  W.line("#endif /* SA_SCOPED_CONTEXT */");
  W.line("");
  W.line("#if __OPENCL_C_VERSION__ >= 200");
  EachWidth("SA_CL20_INT64", [&W](Width Pass) {
    for (const EntryPointRow &R : EntryPointRows)
      if (R.Shapes != EntryShapes::Plain && R.Op != AtomicOp::CompareExchange)
        for (const Type &T : types(R.Types, Pass))
          W.cl20(R.Form, R.Op, T, R.Shapes);
  });
  // Compare-exchange: one set per address space of the expected pointer,
  // which the rewriter names; generic where the device has it.
  struct Space {
    const char *Name, *Qualifier, *Guard;
  };
  const Space Spaces[] = {
      {"private", "__private", nullptr},
      {"global", "__global", nullptr},
      {"local", "__local", nullptr},
      {"generic", "__generic",
       "#if (__OPENCL_C_VERSION__ == 200 || "
       "defined(__opencl_c_generic_address_space)) && \\\n"
       "    !defined(SA_CL20_ABSENT)"},
  };
  for (const EntryPointRow &R : EntryPointRows)
    if (R.Op == AtomicOp::CompareExchange)
      for (const Space &S : Spaces) {
        if (S.Guard)
          W.line(S.Guard);
        EachWidth("SA_CL20_INT64", [&](Width Pass) {
          for (const Type &T : types(R.Types, Pass))
            W.compareExchange(S.Name, S.Qualifier, T);
        });
        if (S.Guard)
          W.line("#endif");
      }
  W.line("#endif /* __OPENCL_C_VERSION__ >= 200 */");
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: " << argv[0] << " OUTPUT.cl\n";
    return 2;
  }
  // Written beside the output and renamed over it: a failed run leaves no
  // half-written part for the assembly to pick up.
  std::string Temporary = std::string(argv[1]) + ".tmp";
  {
    std::ofstream OS(Temporary, std::ios::binary);
    Writer W(OS);
    write(W);
    OS.flush();
    if (!OS) {
      std::cerr << argv[0] << ": cannot write '" << Temporary << "'\n";
      return 1;
    }
  }
  if (std::rename(Temporary.c_str(), argv[1]) != 0) {
    std::cerr << argv[0] << ": cannot rename '" << Temporary << "' to '"
              << argv[1] << "'\n";
    std::remove(Temporary.c_str());
    return 1;
  }
  return 0;
}
