#!/usr/bin/env python3
"""Lists the C++ and JavaScript functions of harness/ (or the given files and directories) by length.

A function's length is its lines from the line that names it to its closing brace, inclusive: what
a reader scrolls through. Lambdas and local classes count toward the function that holds them; in
JavaScript (.js, .mjs), every function, method or arrow inside another counts toward the outermost.

The scan is a heuristic over the text, not a compiler: comments, string, character and raw-string
literals are blanked first, then braces are matched; a brace opens a function when the text before
it (back to the previous `;`, `{` or `}`) ends in a parameter list (and perhaps `const`, `override`,
`noexcept`, a trailing return type or a constructor's initialiser list) and is not a control
statement, namespace, class or initialiser. Good enough for this code base's style (clang-format).

Usage:
  tools/long_functions.py [--top K] [--over N] [--file-over M] [PATH ...]   (default PATH: harness/)
Prints the K longest (default 10) as a Markdown table; with --over N, lists every function longer
than N lines instead and exits 1 when there is one; with --file-over M, also every file of more than
M lines (exit 1 when there is one).
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


REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^")
REGEX_AFTER_WORDS = {"return", "typeof", "case", "of", "in", "delete", "void", "throw", "new", "instanceof", "yield", "await"}


def blank_js_literals(text: str) -> str:
    """JavaScript's comments, strings, template literals and regular expressions become spaces; newlines stay.

    A `/` begins a regular expression where an operand is expected: after an operator or punctuation
    mark, after a keyword such as `return`, or at the start of the text.
    """
    out = []
    i, n = 0, len(text)

    def blank(s: str) -> str:
        return re.sub(r"[^\n]", " ", s)

    def operand_expected() -> bool:
        before = "".join(out[-64:]).rstrip()
        if not before:
            return True
        if before[-1] in REGEX_AFTER:
            return True
        word = re.search(r"([A-Za-z_$][\w$]*)$", before)
        return bool(word) and word.group(1) in REGEX_AFTER_WORDS

    def skip_quoted(j: int, quote: str) -> int:
        while j < n and text[j] != quote and text[j] != "\n":
            j += 2 if text[j] == "\\" else 1
        return j + 1

    def skip_template(j: int) -> int:  # j just after the opening backquote; returns the index after its end
        while j < n and text[j] != "`":
            if text[j] == "\\":
                j += 2
            elif text.startswith("${", j):
                depth, j = 1, j + 2
                while j < n and depth:
                    if text[j] in "\"'":
                        j = skip_quoted(j + 1, text[j])
                        continue
                    if text[j] == "`":
                        j = skip_template(j + 1)
                        continue
                    depth += {"{": 1, "}": -1}.get(text[j], 0)
                    j += 1
            else:
                j += 1
        return j + 1

    def skip_regex(j: int) -> int:  # j just after the opening slash
        in_class = False
        while j < n and text[j] != "\n":
            c = text[j]
            if c == "\\":
                j += 2
                continue
            if c == "[":
                in_class = True
            elif c == "]":
                in_class = False
            elif c == "/" and not in_class:
                j += 1
                while j < n and (text[j].isalnum() or text[j] == "_"):
                    j += 1
                return j
            j += 1
        return j

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif c in "\"'":
            j = skip_quoted(i + 1, c)
        elif c == "`":
            j = skip_template(i + 1)
        elif c == "/" and operand_expected():
            j = skip_regex(i + 1)
        else:
            out.append(c)
            i += 1
            continue
        j = min(j, n)
        literal = text[i:j]
        # A comment goes whole; a string, template or regular expression keeps its delimiters.
        is_comment = literal.startswith(("//", "/*"))
        out.append(blank(literal) if is_comment or len(literal) < 2 else literal[0] + blank(literal[1:-1]) + literal[-1])
        i = j
    return "".join(out)


JS_CONTROL = re.compile(r"(?:^|[^\w$.])(if|for|while|switch|catch|with)\s*$")
JS_KEYWORDS = {"if", "for", "while", "switch", "catch", "with", "return", "typeof", "function", "new", "await"}


def js_function_name(before: str) -> str | None:
    """The name of the function whose body opens after `before`, or None when the brace opens another block.

    Functions are `function name(...) {`, methods `name(...) {` and arrows `... => {`.
    """
    before = before.rstrip()
    if before.endswith("=>"):
        m = re.search(r"([A-Za-z_$][\w$]*)\s*[:=]\s*(?:async\s*)?(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*=>$", before)
        return (m.group(1) if m else "(arrow)")
    if not before.endswith(")"):
        return None
    depth = 0
    for k in range(len(before) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(before[k], 0)
        if depth == 0:
            head = before[:k].rstrip()
            break
    else:
        return None
    if JS_CONTROL.search(head):
        return None
    m = re.search(r"function\s*\*?\s*([A-Za-z_$][\w$]*)?$", head)
    if m:
        if m.group(1):
            return m.group(1)
        assigned = re.search(r"([A-Za-z_$][\w$]*)\s*[:=]\s*(?:async\s+)?function\s*\*?$", head)
        return assigned.group(1) if assigned else "(function)"
    m = re.search(r"(?:^|[{},;\s])(?:async\s+|get\s+|set\s+|static\s+|\*\s*)*([A-Za-z_$][\w$]*)$", head)
    if m and m.group(1) not in JS_KEYWORDS:
        return m.group(1)
    return None


def js_functions(path: pathlib.Path):
    """(name, first line, last line) of each outermost function of a JavaScript file; nested ones count toward it."""
    text = blank_js_literals(path.read_text(errors="replace"))
    stack = []  # per open brace: the function's (name, line), or None for another block
    for m in re.finditer(r"[{}]", text):
        pos = m.start()
        if m.group(0) == "}":
            if stack:
                block = stack.pop()
                if block and not any(stack):
                    yield block[0], block[1], text.count("\n", 0, pos) + 1
            continue
        name = None if any(stack) else js_function_name(text[max(0, pos - 400) : pos])
        stack.append((name, text.count("\n", 0, pos) + 1) if name else None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--over", type=int)
    parser.add_argument("--file-over", type=int)
    args = parser.parse_args()
    root = pathlib.Path(__file__).resolve().parent.parent
    paths = [pathlib.Path(p) for p in args.paths] or [root / "harness"]
    files = []
    for p in paths:
        files += sorted(p.rglob("*")) if p.is_dir() else [p]
    found = []
    long_files = []
    for f in files:
        scan = {".cc": functions, ".h": functions, ".js": js_functions, ".mjs": js_functions}.get(f.suffix)
        if scan and f.is_file():
            shown = f.resolve().relative_to(root) if f.resolve().is_relative_to(root) else f
            lines_in_file = f.read_text(errors="replace").count("\n")
            if args.file_over is not None and lines_in_file > args.file_over:
                long_files.append((lines_in_file, shown))
            for name, first, last in scan(f):
                found.append((last - first + 1, f"{shown}:{first}", name))
    found.sort(key=lambda x: (-x[0], x[1]))
    rows = [r for r in found if r[0] > args.over] if args.over is not None else found[: args.top]
    print("| lines | where | function |")
    print("|---:|---|---|")
    for lines, where, name in rows:
        print(f"| {lines} | {where} | `{name}` |")
    status = 0
    if args.over is not None:
        print(f"\n{len(rows)} of {len(found)} functions are over {args.over} lines")
        status = 1 if rows else 0
    if args.file_over is not None:
        for lines, shown in sorted(long_files, reverse=True):
            print(f"{shown}: {lines} lines, over {args.file_over}")
        print(f"{len(long_files)} files are over {args.file_over} lines")
        status = 1 if long_files else status
    return status


if __name__ == "__main__":
    sys.exit(main())
