#!/usr/bin/env python3
"""Checks that harness/ keeps the layers it declares.

The declaration is docs/ARCHITECTURE.md's layer table (its "depends on" column; "everything above"
means every row before it) and CMakeLists.txt's target_link_libraries between the v8bench_<layer>
libraries. Every `#include "harness/<layer>/..."` or `#include "js/..."` in harness/<layer>/ must
name the file's own layer or one it depends on (directly or through another layer) in BOTH
declarations, and the two declarations must agree. Prints each violation and exits 1; exit 0 and
one summary line when the code keeps the layers.

Usage: tools/check_layers.py [CHECKOUT]   (default: the checkout this script is in)
"""

import pathlib
import re
import sys


def table_layers(architecture: str) -> dict[str, set[str]]:
    """Layer -> the layers it says it depends on, from ARCHITECTURE's table, in row order."""
    layers: dict[str, set[str]] = {}
    for line in architecture.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not line.lstrip().startswith("| `"):
            continue
        name = re.match(r"`([a-z_]+)/?`", cells[0])
        if not name:
            continue
        deps_text = cells[-1]
        if deps_text == "everything above":
            deps = set(layers)
        elif deps_text in ("—", "-", ""):
            deps = set()
        else:
            deps = {d.strip().split(" ")[0] for d in deps_text.split(",")}
        layers[name.group(1)] = deps
    return layers


def cmake_layers(cmake: str, names: set[str]) -> dict[str, set[str]]:
    """Layer -> the layers its v8bench_<layer> library links, from CMakeLists.txt."""
    links: dict[str, set[str]] = {name: set() for name in names}
    for match in re.finditer(r"target_link_libraries\(\s*v8bench_([a-z_]+)\s+([^)]*)\)", cmake, re.S):
        target = match.group(1)
        if target not in links:
            continue
        links[target] |= {d for d in re.findall(r"\bv8bench_([a-z_]+)\b", match.group(2)) if d in names}
    return links


def closure(direct: dict[str, set[str]]) -> dict[str, set[str]]:
    reach: dict[str, set[str]] = {}
    for layer in direct:
        seen: set[str] = set()
        todo = list(direct[layer])
        while todo:
            d = todo.pop()
            if d in seen:
                continue
            seen.add(d)
            todo.extend(direct.get(d, ()))
        reach[layer] = seen
    return reach


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    declared = table_layers((root / "docs/ARCHITECTURE.md").read_text())
    problems: list[str] = []
    folders = {p.name for p in (root / "harness").iterdir() if p.is_dir()}
    for missing in sorted(folders - set(declared)):
        problems.append(f"docs/ARCHITECTURE.md: harness/{missing}/ is not in the layer table; add its row")
    linked = cmake_layers((root / "CMakeLists.txt").read_text(), set(declared))
    doc_reach, cmake_reach = closure(declared), closure(linked)
    for layer in declared:
        for dep in sorted(doc_reach[layer] - cmake_reach[layer]):
            problems.append(f"CMakeLists.txt: v8bench_{layer} does not link v8bench_{dep}, which "
                            f"docs/ARCHITECTURE.md says {layer} depends on")
        for dep in sorted(cmake_reach[layer] - doc_reach[layer] - {layer}):
            problems.append(f"docs/ARCHITECTURE.md: the {layer} row does not say it depends on {dep}, which "
                            f"CMakeLists.txt links (v8bench_{layer} -> v8bench_{dep})")
    include = re.compile(r'^\s*#\s*include\s+"(?:harness/([a-z_]+)|(js))/', re.M)
    files = 0
    for path in sorted((root / "harness").rglob("*")):
        if path.suffix not in (".h", ".cc") or not path.is_file():
            continue
        files += 1
        layer = path.relative_to(root / "harness").parts[0]
        if layer not in declared:
            continue
        text = path.read_text()
        for match in include.finditer(text):
            target = match.group(1) or match.group(2)
            if target == layer or (target in doc_reach[layer] and target in cmake_reach[layer]):
                continue
            line = text.count("\n", 0, match.start()) + 1
            problems.append(f"{path.relative_to(root)}:{line}: {layer}/ includes {target}/, which is not a "
                            f"layer {layer} depends on (docs/ARCHITECTURE.md's table and CMakeLists.txt); "
                            f"move the code or declare the dependency in both")
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"layers kept: {files} files in {len(declared)} layers include only their declared dependencies")
    return 0


if __name__ == "__main__":
    sys.exit(main())
