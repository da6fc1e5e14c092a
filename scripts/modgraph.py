#!/usr/bin/env python3
"""A crate's module graph, with every name resolved to the module that defines it, and its cycles.

    scripts/modgraph.py [--dot] [--verbose] [TREE]

TREE is the folder of one crate's sources, with its `lib.rs` or `main.rs` (default: the library,
src/). The modules are the files reached from the root by `mod` declarations, `#[path]` followed;
a declaration marked `#[cfg(test)]` and everything below it is left out (tests are leaves: no
module uses them, so they close no cycle). A module written inline (`mod sealed { … }`) is part
of its file's module. Items of `lib.rs` or `main.rs` are module `crate`.

An edge A -> B means that the code of A uses an item that B defines (a `fn`, type, trait, const,
static or macro written in B). Each name is resolved through the `use` declarations on the way,
`pub use` re-exports and `*` globs included, to the module that defines it; so `use super::Foo`
in A, where the parent only re-exports `Foo` from a sibling S, is an edge A -> S, not to the
parent. What A uses:

- each item of a `use` declaration without `pub` (at the top of A or in a function of A);
- each path in A's code (`crate::a::f`, `super::T`, `self::x::C`, `child::f`, `alias::f`
  where `alias` is a module A imported), resolved segment by segment;
- each bare name in A's code that comes from a `pub use` of A (a re-export A also uses
  itself) or from a `*` glob;
- a method that B writes for a type of another module (`impl Candidate { fn refang … }` in B,
  `Candidate` defined elsewhere), called in A's code where A is that type's module or names the
  type: `x.refang(…)` when no other `fn refang` is written in the crate, `self.refang(…)` and
  `Self::refang(…)` inside an impl of the type, `Candidate::refang(…)`. Other method calls are
  not seen: they go to the type's own module, which A names already;
- `$crate::…` in a macro is `crate::…`.

A `mod child;` declaration and a re-export (`pub use child::Item;`, `pub(crate) use …`) are not
uses: a parent that only declares and re-exports a child has no edge to it, and names a child
only by the paths of its own code. Names outside the crate (std, dependencies) make no edge.
A path into a module of the crate whose next name is not found there (an item a macro writes,
as `flags!` does) is taken for an item of that module (with --verbose, listed on stderr).

A cycle is a strongly connected component of two modules or more; each of its edges is printed
with the first place in the code that makes it. Exit status 1 when a cycle is left, 2 when TREE
is not a crate's folder. --dot prints the graph for Graphviz instead.
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Comments, string and character literals, blanked (newlines kept, so offsets keep their line).
LEXEME = re.compile(
    r"""//[^\n]*|/\*(?:.|\n)*?\*/|b?r(\#*)"(?:.|\n)*?"\1|b?"(?:\\.|\\\n|[^"\\])*"|b?'(?:\\.|[^'\\\n])'"""
)
VIS = r"(?:pub(?:\s*\([^)]*\))?\s+)?"
ITEM = re.compile(
    VIS
    + r"""(?:
      (?:(?:const|async|unsafe|default)\s+)*(?:extern\s+(?:"[^"]*"\s*)?)?fn\s+(?P<fn>\w+)
    | (?:unsafe\s+)?(?:auto\s+)?trait\s+(?P<trait>\w+)
    | (?:struct|enum|union|type)\s+(?P<type>\w+)
    | const\s+(?P<const>\w+)\s*:
    | static\s+(?:mut\s+)?(?P<static>\w+)
    | macro_rules!\s*(?P<macro>\w+)
    )""",
    re.X,
)
USE = re.compile(r"(?P<pub>pub(?:\s*\([^)]*\))?\s+)?use\s+(?P<tree>[^;]*);")
MOD = re.compile(VIS + r"(?:unsafe\s+)?mod\s+(?P<name>\w+)\s*(?P<end>[;{])")
PATH = re.compile(r"(?<![\w.:])(\$?\w+(?:::\w+)+)")
WORD = re.compile(r"(?<![\w.:$])([A-Za-z_]\w*)")
IMPL = re.compile(r"(?:unsafe\s+)?impl\s*(?:<(?:[^<>{]|<(?:[^<>{]|<[^<>{]*>)*>)*>)?\s*((?:\w+::)*\w+)")
CALL = re.compile(r"(?:\.|\b(\w+)::)(\w+)\s*(?:::\s*<|\()")
SEMICOLON = re.compile(r"\s*;")
PUNCT = re.compile(r"[][(){};]")
OPEN, CLOSE = "([{", ")]}"


def blank(text: str) -> str:
    """The text with comments and literals turned to spaces (and a literal's quotes kept)."""

    def spaces(m: re.Match) -> str:
        s = m.group(0)
        body = re.sub(r"[^\n]", " ", s)
        if s.startswith("/"):
            return body
        return '"' + body[2:] + '"' if len(s) >= 2 else body

    return LEXEME.sub(spaces, text)


def statements(text: str, start: int, end: int):
    """The items of a block: (start, end) of each, split at `;` and `}` at the block's depth."""
    depth, begin = 0, start
    for m in PUNCT.finditer(text, start, end):
        c, i = m.group(), m.start()
        if c in OPEN:
            depth += 1
        elif c in CLOSE:
            depth -= 1
            # `use a::{b};` and `const C: T = T { … };` end at their `;`.
            if depth == 0 and c == "}" and not SEMICOLON.match(text, i + 1, end):
                yield begin, i + 1
                begin = i + 1
        elif depth == 0:
            yield begin, i + 1
            begin = i + 1
    if text[begin:end].strip():
        yield begin, end


def attributes(text: str, start: int, end: int):
    """The outer attributes at the start of an item, and where the item itself starts."""
    attrs = []
    i = start
    while True:
        while i < end and text[i].isspace():
            i += 1
        if not text.startswith("#", i):
            return attrs, i
        j = text.index("[", i)
        depth = 0
        for k in range(j, end):
            if text[k] == "[":
                depth += 1
            elif text[k] == "]":
                depth -= 1
                if depth == 0:
                    break
        attrs.append(text[j + 1 : k])
        i = k + 1


def parse_use(tree: str):
    """The leaves of a use tree: (path segments, bound name: None for `as _`, "*" for a glob)."""
    tokens = re.findall(r"::|[{},*]|\$?\w+", tree)
    out, pos = [], 0

    def one(prefix):
        nonlocal pos
        path = list(prefix)
        while pos < len(tokens):
            t = tokens[pos]
            pos += 1
            if t == "::":
                continue
            if t == "{":
                while tokens[pos] != "}":
                    one(path)
                    if tokens[pos] == ",":
                        pos += 1
                pos += 1
                return
            if t == "*":
                out.append((path, "*"))
                return
            path.append(t)
            if pos < len(tokens) and tokens[pos] == "::":
                continue
            name = t
            if pos < len(tokens) and tokens[pos] == "as":
                name = tokens[pos + 1]
                pos += 2
            if path[-1] == "self":
                path = path[:-1]
                if name == "self":
                    name = path[-1]
            out.append((path, None if name == "_" else name))
            return

    while pos < len(tokens):
        if tokens[pos] == ",":
            pos += 1
            continue
        one([])
    return out


class Module:
    def __init__(self, path: str, node: str, file: Path, text: str):
        self.path, self.node, self.file, self.text = path, node, file, text
        self.defs = set()  # items defined here
        self.children = {}  # name -> module path (files and inline modules)
        self.imports = {}  # name -> (segments, is pub)
        self.globs = []  # segments of `use …::*`
        self.uses = []  # (segments, offset) of imports without `pub`: each an edge
        self.code = []  # (start, end, the type's name when it is an `impl`) of code
        self.impls = []  # (type path, method names) of each inherent `impl`


class Crate:
    def __init__(self, tree: Path):
        self.tree = tree
        self.modules = {}  # path -> Module
        self.nodes = {}  # file module path -> file
        self.unresolved = []
        root = tree / ("lib.rs" if (tree / "lib.rs").exists() else "main.rs")
        self.load("crate", root, True)

    def load(self, path: str, file: Path, owns_dir: bool):
        text = blank(file.read_text())
        self.nodes[path] = file
        folder = file.parent if owns_dir else file.parent / file.stem
        self.parse(path, path, file, text, 0, len(text), folder)

    def parse(self, path, node, file, text, start, end, folder):
        mod = Module(path, node, file, text)
        self.modules[path] = mod
        for s, e in statements(text, start, end):
            attrs, i = attributes(text, s, e)
            if any(re.fullmatch(r"cfg\(\s*test\s*\)", a.strip()) for a in attrs):
                continue
            body = text[i:e]
            m = MOD.match(body)
            if m:
                name = m.group("name")
                child = f"{path}::{name}"
                mod.children[name] = child
                if m.group("end") == "{":
                    # Inline: its own names, in its file's module.
                    self.parse(child, node, file, text, i + m.end(), e - 1, folder / name)
                    continue
                where = [a for a in attrs if a.strip().startswith("path")]
                if where:
                    target = file.parent / re.search(r'"([^"]*)"', file.read_text()[s:e]).group(1)
                    self.load(child, target, target.name == "mod.rs")
                elif (folder / f"{name}.rs").exists():
                    self.load(child, folder / f"{name}.rs", False)
                else:
                    self.load(child, folder / name / "mod.rs", True)
                continue
            m = USE.match(body)
            if m:
                self.add_use(mod, m.group("tree"), bool(m.group("pub")), i)
                continue
            m = ITEM.match(body)
            if m:
                mod.defs.add(next(v for v in m.groupdict().values() if v))
            m = IMPL.match(body)
            ty = None
            if m:
                head = body[: body.find("{")]
                trait = re.search(r"\bfor\s+(?:\w+::)*(\w+)", head)
                inherent = not re.search(r"\bfor\b", head)
                ty = m.group(1) if inherent else trait and trait.group(1)
                if inherent:
                    mod.impls.append((ty.split("::"), set(re.findall(r"\bfn\s+(\w+)", body))))
                ty = ty and ty.split("::")[-1]
            mod.code.append((s, e, ty))
        # `use` inside functions: imports too, never re-exports.
        for s, e, _ in mod.code:
            for m in re.finditer(r"\buse\s+([^;]*);", text[s:e]):
                self.add_use(mod, m.group(1), False, s + m.start())

    def add_use(self, mod, tree, pub, offset):
        for segs, name in parse_use(tree):
            segs = ["crate" if x == "$crate" else x for x in segs]
            if name == "*":
                mod.globs.append(segs)
            elif name is not None:
                mod.imports[name] = (segs, pub)
            if not pub and name != "*":
                mod.uses.append((segs, offset))

    # Resolution: ("item", defining module path), ("module", module path) or None (outside).
    # A name may be a module and an item both (`mod resolve; pub use resolve::resolve;`): the
    # last segment of a path is taken for the item, the others for the module.
    def lookup(self, path: str, name: str, seen=None, last=False):
        mod = self.modules.get(path)
        if mod is None:
            return None
        if name in mod.children and not (last and (name in mod.defs or name in mod.imports)):
            return ("module", mod.children[name])
        if name in mod.defs:
            return ("item", path)
        seen = seen or set()
        if (path, name) in seen:
            return None
        seen.add((path, name))
        if name in mod.imports:
            return self.resolve(path, mod.imports[name][0], seen)
        for segs in mod.globs:
            target = self.resolve(path, segs, seen)
            if target and target[0] == "module":
                found = self.lookup(target[1], name, seen, last)
                if found:
                    return found
        return None

    def resolve(self, path: str, segs, seen=None):
        if not segs:
            return None
        first, rest = segs[0], segs[1:]
        if first in ("crate", "$crate"):
            cur = "crate"
        elif first == "self":
            cur = path
        elif first == "super":
            cur = path.rsplit("::", 1)[0]
            while rest and rest[0] == "super":
                cur, rest = cur.rsplit("::", 1)[0], rest[1:]
        else:
            found = self.lookup(path, first, seen, not rest)
            if found is None or found[0] == "item":
                return found
            cur = found[1]
        for i, name in enumerate(rest):
            found = self.lookup(cur, name, seen, i == len(rest) - 1)
            if found is None:
                self.unresolved.append((path, "::".join(segs)))
                return ("item", cur)
            if found[0] == "item":
                return found
            cur = found[1]
        return ("module", cur)

    def graph(self):
        edges = {n: {} for n in self.nodes}  # node -> {node: first reason}

        def add(mod, target, offset, what):
            if target and target[0] == "item":
                dest = self.modules[target[1]].node
                if dest != mod.node and dest not in edges[mod.node]:
                    line = mod.text.count("\n", 0, offset) + 1
                    rel = mod.file.relative_to(ROOT) if mod.file.is_relative_to(ROOT) else mod.file
                    edges[mod.node][dest] = f"{rel}:{line}: {what}"

        # Methods of a type written in another module than the type (`impl Candidate` in
        # refang.rs): name -> [(the type's module, the type's name, the impl's module)].
        split, defined = {}, {}
        for mod in self.modules.values():
            for s, e, _ in mod.code:
                for name in re.findall(r"\bfn\s+(\w+)", mod.text[s:e]):
                    defined[name] = defined.get(name, 0) + 1
        for mod in self.modules.values():
            for segs, methods in mod.impls:
                target = self.resolve(mod.path, segs)
                if target and target[0] == "item" and self.modules[target[1]].node != mod.node:
                    for name in methods:
                        split.setdefault(name, []).append((target[1], segs[-1], mod.path))

        def names(mod, home, ty):
            """Whether `mod` is the home of type `ty` or names it."""
            return mod.node == self.modules[home].node or self.lookup(mod.path, ty, last=True) == ("item", home)

        for mod in self.modules.values():
            for s, e, impl in mod.code:
                for m in CALL.finditer(mod.text, s, e):
                    for home, ty, where in split.get(m.group(2), ()):
                        qualifier = m.group(1)
                        # `x.f()` with a method name written once in the crate; `self.f()` and
                        # `Self::f()` in an impl of the type, and `T::f()`, with any.
                        in_impl = impl == ty
                        receiver = mod.text[max(s, m.start() - 4) : m.start()]
                        sure = {
                            None: defined[m.group(2)] == 1 or (receiver == "self" and in_impl),
                            "Self": in_impl,
                            ty: True,
                        }.get(qualifier, False)
                        if sure and names(mod, home, ty):
                            add(mod, ("item", where), m.start(), m.group(0).rstrip("(<: "))
            for segs, offset in mod.uses:
                add(mod, self.resolve(mod.path, segs), offset, "use " + "::".join(segs))
            for s, e, _ in mod.code:
                chunk = mod.text[s:e]
                for m in PATH.finditer(chunk):
                    segs = m.group(1).split("::")
                    if segs[0] in ("Self", "self") and len(segs) == 1:
                        continue
                    add(mod, self.resolve(mod.path, segs), s + m.start(), m.group(1))
                for m in WORD.finditer(chunk):
                    name = m.group(1)
                    imported = mod.imports.get(name)
                    if imported and imported[1]:
                        add(mod, self.resolve(mod.path, imported[0]), s + m.start(), name)
                    elif mod.globs and not imported and name not in mod.defs and name not in mod.children:
                        add(mod, self.lookup(mod.path, name), s + m.start(), name)
        return edges


def cycles(edges):
    """The strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

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
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            strong(v)
    return out


def main(argv) -> int:
    args = [a for a in argv if not a.startswith("--")]
    tree = Path(args[0]) if args else ROOT / "src"
    if not tree.is_absolute() and not tree.exists():
        tree = ROOT / tree
    tree = tree.resolve()
    if not (tree / "lib.rs").exists() and not (tree / "main.rs").exists():
        print(f"{tree}: no lib.rs or main.rs: not the folder of a crate", file=sys.stderr)
        return 2
    crate = Crate(tree)
    edges = crate.graph()
    if "--verbose" in argv:
        for path, name in sorted(set(crate.unresolved)):
            print(f"unresolved in {path}: {name}", file=sys.stderr)
    if "--dot" in argv:
        print("digraph modules {")
        for a in sorted(edges):
            for b in sorted(edges[a]):
                print(f'  "{a}" -> "{b}";')
        print("}")
        return 0
    found = cycles(edges)
    for comp in found:
        print("cycle:", " <-> ".join(comp))
        for a in comp:
            for b in sorted(b for b in edges[a] if b in comp):
                print(f"  {a} -> {b}  ({edges[a][b]})")
    print(f"{len(edges)} modules, {sum(map(len, edges.values()))} edges, {len(found)} cycles")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
