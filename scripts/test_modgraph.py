#!/usr/bin/env python3
"""Tests of scripts/modgraph.py on tiny crates written to a temporary folder.

    python3 scripts/test_modgraph.py
"""
import atexit
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import modgraph  # noqa: E402


def crate(files: dict) -> Path:
    """A crate of `files` (path -> source) in a new temporary folder; its src/ folder."""
    root = Path(tempfile.mkdtemp(prefix="modgraph-"))
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    for name, text in files.items():
        path = root / "src" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root / "src"


def graph(files: dict):
    """The edges (as `a -> b` strings, `crate::` left out) and the cycles of a crate."""
    edges = modgraph.Crate(crate(files)).graph()
    short = lambda m: m.removeprefix("crate::")  # noqa: E731
    pairs = {f"{short(a)} -> {short(b)}" for a in edges for b in edges[a]}
    return pairs, [sorted(short(m) for m in c) for c in modgraph.cycles(edges)]


class Edges(unittest.TestCase):
    def test_a_re_export_chain_ends_at_the_defining_module(self):
        edges, cycles = graph(
            {
                "lib.rs": """
                    mod a;
                    mod b;
                    mod c;
                    mod user;
                    pub use a::X;
                """,
                "a.rs": "pub(crate) use super::b::X;\n",
                "b.rs": "pub use crate::c::*;\n",
                "c.rs": "pub struct X;\n",
                "user.rs": """
                    use crate::X;
                    // crate::a::X in a comment, "crate::b::X" in a string: no edge.
                    pub fn f() -> X { let _ = "crate::b::X"; X }
                """,
            }
        )
        self.assertEqual(edges, {"user -> c"})
        self.assertEqual(cycles, [])

    def test_a_parent_that_declares_and_re_exports_a_child_does_not_use_it(self):
        edges, cycles = graph(
            {
                "lib.rs": "mod p;\n",
                "p/mod.rs": """
                    mod child;
                    pub use child::Item;
                    pub(crate) use child::{helper as other};
                    pub struct Shared;
                """,
                "p/child.rs": """
                    use super::Shared;
                    pub struct Item(Shared);
                    pub fn helper() {}
                """,
            }
        )
        self.assertEqual(edges, {"p::child -> p"})
        self.assertEqual(cycles, [])

    def test_a_parent_using_its_child_that_uses_it_is_a_cycle(self):
        for parent in (
            "mod child;\npub struct Shared;\npub fn f() { child::g() }\n",
            "mod child;\nuse child::g;\npub struct Shared;\npub fn f() { g() }\n",
            # A re-export the parent's own code uses too.
            "mod child;\npub use child::g;\npub struct Shared;\npub fn f() { g() }\n",
        ):
            with self.subTest(parent=parent):
                edges, cycles = graph(
                    {
                        "lib.rs": parent,
                        "child.rs": "pub fn g() { let _ = super::Shared; }\n",
                    }
                )
                self.assertEqual(edges, {"child -> crate", "crate -> child"})
                self.assertEqual(cycles, [["child", "crate"]])

    def test_siblings_through_their_parents_re_exports_are_a_cycle_without_it(self):
        edges, cycles = graph(
            {
                "lib.rs": "mod p;\n",
                "p/mod.rs": "mod a;\nmod b;\npub use a::A;\npub use b::B;\n",
                "p/a.rs": "use super::B;\npub struct A(pub B);\n",
                "p/b.rs": "pub struct B;\nimpl B {\n    pub fn a(self) -> super::A { super::A(self) }\n}\n",
            }
        )
        self.assertEqual(edges, {"p::a -> p::b", "p::b -> p::a"})
        self.assertEqual(cycles, [["p::a", "p::b"]])

    def test_tests_and_inline_modules(self):
        edges, cycles = graph(
            {
                "lib.rs": """
                    mod a;
                    mod b;
                    #[cfg(test)]
                    mod tests;
                """,
                "a.rs": """
                    pub struct A;
                    pub(crate) mod sealed {
                        use super::*;
                        pub trait Sealed { fn a() -> A; }
                    }
                    #[cfg(test)]
                    mod tests {
                        use crate::b::B;
                    }
                """,
                "b.rs": "pub struct B;\nimpl crate::a::sealed::Sealed for B { fn a() -> crate::a::A { todo!() } }\n",
                "tests.rs": "use crate::b::B;\n",
            }
        )
        self.assertEqual(edges, {"b -> a"})
        self.assertEqual(cycles, [])

    def test_a_name_that_is_a_module_and_an_item_is_taken_for_the_item_at_the_end(self):
        edges, _ = graph(
            {
                "lib.rs": "mod resolve;\nmod user;\npub use resolve::resolve;\n",
                "resolve.rs": "pub fn resolve() {}\n",
                "user.rs": "pub fn f() { crate::resolve() }\n",
            }
        )
        self.assertEqual(edges, {"user -> resolve"})

    def test_methods_written_beside_their_type_in_another_module(self):
        files = {
            "lib.rs": "mod queue;\nmod state;\nmod general;\nmod special;\n",
            "queue.rs": "pub struct Queue;\nimpl Queue {\n    pub fn push(&mut self) {}\n}\n",
            "state.rs": "pub struct Candidate<'a> {\n    pub pending: &'a mut crate::queue::Queue,\n}\n",
            # The general path calls the method the special reading adds to the type.
            "general.rs": """
                use crate::state::Candidate;
                impl Candidate<'_> {
                    pub fn general(&mut self) { self.special() }
                    fn push(&mut self) {}
                }
            """,
            # `self.pending.push()`: a method of that name is written twice, and this one is
            # not called on `self`: no edge to general.rs.
            "special.rs": """
                use crate::state::Candidate;
                impl Candidate<'_> {
                    pub fn special(&mut self) { self.pending.push() }
                }
            """,
        }
        edges, cycles = graph(files)
        self.assertEqual(edges, {"state -> queue", "general -> state", "general -> special", "special -> state"})
        self.assertEqual(cycles, [])
        # Called back by the special reading: a cycle.
        files["special.rs"] = files["special.rs"].replace("self.pending.push()", "self.general()")
        _, cycles = graph(files)
        self.assertEqual(cycles, [["general", "special"]])

    def test_the_exit_status_says_whether_a_cycle_is_left(self):
        tree = crate({"lib.rs": "mod a;\npub struct S;\npub fn f() { a::g() }\n", "a.rs": "pub fn g() { crate::S; }\n"})
        run = subprocess.run([sys.executable, HERE / "modgraph.py", tree], capture_output=True, text=True)
        self.assertEqual(run.returncode, 1, run.stdout)
        self.assertIn("cycle: crate <-> crate::a", run.stdout)
        self.assertIn("2 modules, 2 edges, 1 cycles", run.stdout)
        dot = subprocess.run([sys.executable, HERE / "modgraph.py", "--dot", tree], capture_output=True, text=True)
        self.assertIn('"crate::a" -> "crate";', dot.stdout)


if __name__ == "__main__":
    unittest.main()
