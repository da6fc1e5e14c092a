#!/usr/bin/env python3
"""A crate's module graph, from its `use` and path references, and the cycles in it.

    scripts/modgraph.py [--dot] [--parents] [TREE]

TREE is the folder of one crate's sources, with its `lib.rs` or `main.rs` (default: the library,
src/, whose src/bin holds other crates and is left out); the command line is src/bin/urisift.
A module is a file under TREE (its `mod.rs` is the folder's module). An edge A -> B means that A
names an item of B (`crate::b::…`, `super::b::…`, `use super::{…}` of a parent counts as the
parent). Edges between a module and its own parent or children are left out: a parent declares
and re-exports its children, and children use what their parent defines. With --parents they
count too (a child naming its parent's items, and a parent naming its children's, as `child::x`):
then a parent that uses a child which uses the parent is a cycle. Exit status 1 when a cycle is
left.
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_of(tree: Path, path: Path) -> str:
    rel = path.relative_to(tree).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return "::".join(["crate"] + parts)


def resolve(current: str, is_dir_module: bool, path: str) -> str:
    segs = path.split("::")
    base = current.split("::")
    if not is_dir_module:
        base = base[:-1]  # `super` of a file module is its folder's module
    if segs[0] == "crate":
        out, segs = ["crate"], segs[1:]
    elif segs[0] == "super":
        out = base
        segs = segs[1:]
        while segs and segs[0] == "super":
            out, segs = out[:-1], segs[1:]
    elif segs[0] == "self":
        out, segs = current.split("::"), segs[1:]
    else:
        return ""
    return "::".join(out + segs)


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    parents = "--parents" in sys.argv
    tree = (ROOT / args[0]) if args else ROOT / "src"
    tree = tree.resolve()
    if not (tree / "lib.rs").exists() and not (tree / "main.rs").exists():
        print(f"{tree}: no lib.rs or main.rs: not the folder of a crate", file=sys.stderr)
        return 2
    modules = {}
    for path in tree.rglob("*.rs"):
        parts = path.relative_to(tree).parts
        # A library's src/bin holds the sources of other crates (the binaries).
        if (tree / "lib.rs").exists() and parts[0] == "bin":
            continue
        if path.name == "tests.rs" or path.parent.name == "tests":
            continue
        modules[module_of(tree, path)] = path
    names = set(modules)
    edges = {m: set() for m in names}

    def related(a: str, b: str) -> bool:
        """Whether a and b are parent and child, whose edges are left out without --parents."""
        return not parents and (b.startswith(a + "::") or a.startswith(b + "::"))

    for mod, path in modules.items():
        text = path.read_text()
        text = re.split(r"\n#\[cfg\(test\)\]\nmod tests", text)[0]
        text = re.sub(r"//.*", "", text)
        is_dir = path.name in ("mod.rs", "lib.rs", "main.rs")
        for m in re.finditer(r"\b((?:crate|super|self)(?:::\w+)+)", text):
            target = resolve(mod, is_dir, m.group(1))
            # The longest module prefix of the path.
            parts = target.split("::")
            while parts and "::".join(parts) not in names:
                parts.pop()
            dest = "::".join(parts)
            if not dest or dest == mod:
                continue
            if related(mod, dest):
                continue
            edges[mod].add(dest)
        # `use path::{a, b::c, …}`: each item is a path of its own.
        for m in re.finditer(r"use ((?:crate|super|self)(?:::\w+)*)::\{([^}]*)\}", text):
            for item in m.group(2).split(","):
                item = item.strip().split(" as ")[0]
                if not item or item == "self":
                    continue
                target = resolve(mod, is_dir, m.group(1) + "::" + item)
                parts = target.split("::")
                while parts and "::".join(parts) not in names:
                    parts.pop()
                dest = "::".join(parts)
                if dest and dest != mod and not related(mod, dest):
                    edges[mod].add(dest)
        if parents:
            # A parent names its children without `self::`: `child::item`, `use child::{…}`.
            own = "crate" if mod == "crate" else mod
            for child in re.findall(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod (\w+);", text, re.M):
                if f"{own}::{child}" in names and re.search(rf"(?<!mod )\b{child}::", text):
                    edges[mod].add(f"{own}::{child}")
    if "--dot" in sys.argv:
        print("digraph modules {")
        for a in sorted(edges):
            for b in sorted(edges[a]):
                print(f'  "{a}" -> "{b}";')
        print("}")
        return 0
    # Cycles: strongly connected components of more than one module.
    index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                sccs.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            strong(v)
    for comp in sccs:
        print("cycle:", " <-> ".join(comp))
        for a in comp:
            print(f"  {a} -> {', '.join(sorted(b for b in edges[a] if b in comp))}")
    print(f"{len(names)} modules, {sum(map(len, edges.values()))} edges, {len(sccs)} cycles")
    return 1 if sccs else 0


if __name__ == "__main__":
    sys.exit(main())
