"""Which names a piece of Python code needs from outside itself, and which it defines.

A page shows code that a reader copies and runs: a cell can only use what the page has
shown before it (``checks.runnable_code``), and an exercise's check block only its own
imports and the reader's answer. Both questions are about the free names of the code, which
Python's own ``symtable`` answers for every scope: a name used at module level and never
bound there, or used in a function, class or comprehension and resolved as a global that the
module does not bind.
"""

from __future__ import annotations

import ast
import builtins
import symtable

BUILTINS = frozenset(dir(builtins))


def bound_names(code: str) -> set[str]:
    """The names ``code`` binds at module level: assigned, imported, defined by ``def`` or ``class``."""
    table = symtable.symtable(code, "<shown>", "exec")
    return {
        s.get_name()
        for s in table.get_symbols()
        if s.is_assigned() or s.is_imported() or s.is_namespace()
    }


def imported_names(code: str) -> set[str]:
    """The names ``code`` binds with ``import`` at module level."""
    table = symtable.symtable(code, "<shown>", "exec")
    return {s.get_name() for s in table.get_symbols() if s.is_imported()}


def defined_names(code: str) -> set[str]:
    """The functions and classes ``code`` defines at module level (what an exercise asks for)."""
    tree = ast.parse(code)
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    return {node.name for node in tree.body if isinstance(node, kinds)}


def free_names(code: str) -> set[str]:
    """The names ``code`` uses but neither binds nor finds among Python's builtins."""
    top = symtable.symtable(code, "<shown>", "exec")
    bound = bound_names(code)
    free: set[str] = set()

    def visit(table: symtable.SymbolTable) -> None:
        for symbol in table.get_symbols():
            name = symbol.get_name()
            if not symbol.is_referenced() or name in bound:
                continue
            if table is top or symbol.is_global():
                free.add(name)
        for child in table.get_children():
            visit(child)

    visit(top)
    return free - BUILTINS
