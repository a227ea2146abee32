#!/usr/bin/env python3
"""Lists the C++ functions of harness/ (or the given files and directories) by length.

A function's length is its lines from the line that names it to its closing brace, inclusive: what
a reader scrolls through. Lambdas and local classes count toward the function that holds them.

The scan is a heuristic over the text, not a compiler: comments, string, character and raw-string
literals are blanked first, then braces are matched; a brace opens a function when the text before
it (back to the previous `;`, `{` or `}`) ends in a parameter list (and perhaps `const`, `override`,
`noexcept`, a trailing return type or a constructor's initialiser list) and is not a control
statement, namespace, class or initialiser. Good enough for this code base's style (clang-format).

Usage:
  tools/long_functions.py [--top K] [--over N] [PATH ...]   (default PATH: harness/ of this checkout)
Prints the K longest (default 10) as a Markdown table; with --over N, lists every function longer
than N lines instead and exits 1 when there is one.
"""

import argparse
import pathlib
import re
import sys


def blank_literals(text: str) -> str:
    """Comments and the contents of string/char literals become spaces; newlines stay."""
    out = []
    i, n = 0, len(text)

    def blank(s: str) -> str:
        return re.sub(r"[^\n]", " ", s)

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(blank(text[i:j]))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(blank(text[i:j]))
            i = j
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^()\\\s]{0,16})\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = text.find(")" + m.group(1) + '"', i + m.end())
            end = n if end < 0 else end + len(m.group(1)) + 2
            out.append('""' + blank(text[i + 2 : end]))
            i = end
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum() and i + 1 < n and text[i + 1].isalnum():
                out.append(" ")  # a digit separator: 1'000
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + blank(text[i + 1 : j]) + (c if j < n else ""))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


CONTROL = re.compile(r"\b(if|for|while|switch|catch|do|else|try)\s*(\(|$)")
AGGREGATE = re.compile(r"\b(namespace|class|struct|union|enum)\b|extern\s*\"")
SIGNATURE_END = re.compile(
    r"\)\s*(const|override|final|noexcept|mutable|&|&&|\s)*(->\s*[\w:<>,\s*&]+)?\s*$"  # f(...) const override
    r"|\)\s*:\s*[\w:]+\s*[({].*[)}]\s*$",  # Ctor(...) : member_(...), ...
    re.S,
)
NAME = re.compile(r"((?:[A-Za-z_]\w*\s*(?:<[^<>()]*>)?\s*::\s*)*~?[A-Za-z_]\w*|operator\s*[^\s(]+)\s*\($")


def function_name(header: str) -> str | None:
    """The name before the parameter list of a signature (the first top-level '(')."""
    depth = 0
    for k, ch in enumerate(header):
        if ch == "<":
            depth += 1
        elif ch == ">" and depth > 0:
            depth -= 1
        elif ch == "(" and depth == 0:
            m = NAME.search(header[: k + 1])
            return re.sub(r"\s+", "", m.group(1)) if m else None
    return None


def functions(path: pathlib.Path):
    """(name, first line, last line) of each function defined in the file."""
    text = blank_literals(path.read_text(errors="replace"))
    text = re.sub(r"(?m)^[ \t]*#.*$", lambda m: " " * len(m.group(0)), text)  # preprocessor lines
    stack = []  # per open brace: ("function", name, line) | ("scope",) | ("other",)
    last = 0  # where the text before the next brace begins
    for m in re.finditer(r"[{};]", text):
        ch, pos = m.group(0), m.start()
        inside_function = any(b[0] == "function" for b in stack)
        if ch == ";":
            if not inside_function:
                last = pos + 1
            continue
        if ch == "}":
            if stack:
                block = stack.pop()
                if block[0] == "function":
                    yield block[1], block[2], text.count("\n", 0, pos) + 1
            if not any(b[0] == "function" for b in stack):
                last = pos + 1
            continue
        # ch == "{"
        if inside_function:
            stack.append(("other",))
            continue
        header = text[last:pos]
        header_stripped = re.sub(r"^\s*(public|private|protected)\s*:", "", header.strip())
        header_stripped = header_stripped.strip()
        name = None
        if AGGREGATE.search(header_stripped) and "(" not in header_stripped.split("{")[0].split(":")[0]:
            kind = "scope"
        elif CONTROL.search(header_stripped) or "=" in re.sub(r"\([^()]*\)", "", header_stripped).replace("==", ""):
            kind = "other"
        elif SIGNATURE_END.search(header_stripped) and (name := function_name(header_stripped)):
            kind = "function"
        else:
            kind = "other"
        if kind == "function":
            name_at = last + header.find(name.split("::")[-1].lstrip("~")) if name else pos
            stack.append(("function", name, text.count("\n", 0, max(name_at, last)) + 1))
        else:
            stack.append((kind,))
        last = pos + 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--over", type=int)
    args = parser.parse_args()
    root = pathlib.Path(__file__).resolve().parent.parent
    paths = [pathlib.Path(p) for p in args.paths] or [root / "harness"]
    files = []
    for p in paths:
        files += sorted(p.rglob("*")) if p.is_dir() else [p]
    found = []
    for f in files:
        if f.suffix in (".cc", ".h") and f.is_file():
            shown = f.resolve().relative_to(root) if f.resolve().is_relative_to(root) else f
            for name, first, last in functions(f):
                found.append((last - first + 1, f"{shown}:{first}", name))
    found.sort(key=lambda x: (-x[0], x[1]))
    rows = [r for r in found if r[0] > args.over] if args.over is not None else found[: args.top]
    print("| lines | where | function |")
    print("|---:|---|---|")
    for lines, where, name in rows:
        print(f"| {lines} | {where} | `{name}` |")
    if args.over is not None:
        print(f"\n{len(rows)} of {len(found)} functions are over {args.over} lines")
        return 1 if rows else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
