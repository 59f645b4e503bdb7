#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks that the product's C and C++ files and functions stay short.

A long file holds more than one concern, and a long function more than one
step; both are split long before they reach the sizes below (the `sizes`
ctest runs this on lib/, runtime/host/, layer/ and tool/).

Prints each file over MAX_FILE_LINES lines and each function over
MAX_FUNCTION_LINES as path:line: ..., and exits 1 if there is one.

A function is counted from the first line of its declaration (after the
`;`, `{` or `}` before it, so a `template <...>` line counts) to the line
of its closing brace. The code is clang-formatted (LLVM style), but the
check reads braces rather than columns: it skips comments, string and
character literals (raw strings too) and preprocessor lines, and finds a
function body as a `{` whose declaration has parentheses and opens at
file scope, in a namespace, in `extern "C"` or in a class or struct. So
methods defined inside a class count like any other function, and a
lambda counts as part of the function it is written in. It does not
follow `#if` branches: a function whose braces differ between branches
is not measured right (none is, today); nor is a constructor whose
initializer list uses braces (`: A{1}`), which it takes for the body.
"""
import pathlib
import re
import sys

MAX_FILE_LINES = 600
MAX_FUNCTION_LINES = 80
FOLDERS = ["lib", "runtime/host", "layer", "tool"]
SUFFIXES = {".c", ".cpp", ".h", ".def", ".inc"}

TOKEN = re.compile(r"""
    (?P<newline>\n)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<raw>R"(?P<delim>[^(\s]*)\(.*?\)(?P=delim)")
  | (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<word>[A-Za-z_~][A-Za-z_0-9]*)
  | (?P<punct>::|\S)
""", re.VERBOSE | re.DOTALL)
CONTAINERS = {"namespace", "class", "struct", "union", "extern"}


def strip_preprocessor(text: str) -> str:
    """Blanks preprocessor lines (with their continuations), keeping lines."""
    out = []
    continued = False
    for line in text.split("\n"):
        directive = continued or line.lstrip().startswith("#")
        continued = directive and line.endswith("\\")
        out.append("" if directive else line)
    return "\n".join(out)


def function_name(header: list) -> str:
    """The (qualified) name before the declaration's first parenthesis."""
    values = [value for _, value, _ in header]
    if "operator" in values:
        at = values.index("operator") + 1
        return "operator" + "".join(values[at:values.index("(", at + 1)])
    for index, value in enumerate(values):
        if value != "(":
            continue
        at = index - 1
        if at < 0 or header[at][0] != "word":
            continue
        name = header[at][1]
        # Qualified (Class::method) or a destructor (Class::~Class).
        while at >= 2 and header[at - 1][1] in ("::", "~"):
            joint = header[at - 1][1]
            if joint == "~":
                name, at = "~" + name, at - 1
                continue
            name, at = header[at - 2][1] + "::" + name, at - 2
        if name not in ("if", "while", "for", "switch", "return"):
            return name
    return "?"


def scope_of(header: list) -> str:
    """What a `{` after this declaration opens: a container (namespace,
    class, struct, union, extern "C"), a function or anything else (an
    initializer, an enum)."""
    values = [value for _, value, _ in header]
    if "operator" in values:
        return "function"
    before_paren = values[:values.index("(")] if "(" in values else values
    if "enum" in before_paren or "=" in before_paren:
        return "other"
    # With parentheses, a function (struct S *make() {, extern "C" int f() {);
    # without, a container if a keyword says so (template <class T> struct).
    if "(" in values:
        return "function"
    return "container" if CONTAINERS & set(values) else "other"


def functions(text: str):
    """Yields (line, name, lines) for each function defined in text."""
    stack = ["container"]  # what each open brace opened
    header = []  # the tokens since the last ; { or } in a container
    line = 1
    opened = []  # (start line, name) of each open function
    for match in TOKEN.finditer(strip_preprocessor(text)):
        kind = match.lastgroup
        value = match.group(kind)
        if kind == "delim":
            kind = "raw"
        start = line
        line += value.count("\n")
        if kind in ("newline", "comment"):
            continue
        if stack[-1] != "container":
            if value == "{":
                stack.append("block")
            elif value == "}":
                if stack.pop() == "function":
                    first, name = opened.pop()
                    yield first, name, line - first + 1
                    header = []
            continue
        if value == "{":
            scope = scope_of(header)
            stack.append(scope)
            if scope == "function":
                opened.append((header[0][2] if header else start,
                               function_name(header)))
            header = []
        elif value in (";", "}"):
            if value == "}" and len(stack) > 1:
                stack.pop()
            header = []
        elif value == ":" and len(header) == 1 and header[0][1] in (
                "public", "private", "protected"):
            header = []
        else:
            header.append((kind, value, start))
    if len(stack) != 1:
        yield 1, None, 0  # the braces do not balance: nothing was measured


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else
                        pathlib.Path(__file__).resolve().parent.parent)
    problems = 0
    files = 0
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            files += 1
            text = path.read_text()
            count = text.count("\n")
            shown = path.relative_to(root)
            if count > MAX_FILE_LINES:
                print(f"{shown}:1: file is {count} lines "
                      f"(at most {MAX_FILE_LINES})")
                problems += 1
            for first, name, lines in functions(text):
                if name is None:
                    print(f"{shown}:1: its braces do not balance outside "
                          f"comments, literals and preprocessor lines, so "
                          f"its functions were not measured")
                    problems += 1
                elif lines > MAX_FUNCTION_LINES:
                    print(f"{shown}:{first}: function {name} is {lines} "
                          f"lines (at most {MAX_FUNCTION_LINES})")
                    problems += 1
    print(f"sizes: {problems} problem(s) in {files} files")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
