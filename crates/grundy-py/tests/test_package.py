"""The package itself: doctests, stubs, the public names."""

from __future__ import annotations

import ast
import doctest
from pathlib import Path

import grundy
from grundy import _errors, _grundy, _progress, _types

STUB = Path(grundy.__file__).with_name("_grundy.pyi")


def test_doctests():
    # The examples in every docstring (the compiled functions' too) run.
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    attempted = 0
    for module in (grundy, _grundy, _errors, _types, _progress):
        for test in finder.find(module, module.__name__, globs={}):
            result = runner.run(test)
            attempted += result.attempted
    assert runner.failures == 0
    # The examples of values, outcomes, period (and its report), heap, sum,
    # best_move, Move, sweep, the errors and the module itself.
    assert attempted >= 30, attempted


def test_stub_lists_the_compiled_module():
    tree = ast.parse(STUB.read_text())
    stubbed = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            stubbed.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            stubbed.add(node.target.id)
    compiled = {n for n in dir(_grundy) if not n.startswith("_")} | {"__version__"}
    aliases = {"Rules", "HeapSpec", "IntDType"}
    assert stubbed - aliases == compiled


def test_stub_methods_exist():
    tree = ast.parse(STUB.read_text())
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            cls = getattr(_grundy, node.name)
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and not item.name.startswith("__"):
                    assert hasattr(cls, item.name), (node.name, item.name)


def test_public_names():
    assert set(grundy.__all__) <= set(dir(grundy))
    for name in ("values", "outcomes", "period", "heap", "sum", "best_move", "sweep",
                 "Error", "InvalidRules", "BudgetExceeded"):
        assert name in grundy.__all__
    assert grundy.__version__ == "0.1.0"
    assert (Path(grundy.__file__).parent / "py.typed").exists()
    assert grundy.PeriodReport.__module__ == "grundy"


def test_tutorial_runs():
    # docs/python.md: every example of the tutorial (the 31 game, a period
    # table, a plot) gives the output shown.
    tutorial = Path(__file__).resolve().parents[3] / "docs" / "python.md"
    result = doctest.testfile(
        str(tutorial), module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.failed == 0 and result.attempted >= 10, result
