"""The examples in the rules' docstrings are run, so the reference never lies."""

import doctest
import importlib
import pkgutil

import pytest

import scorers

MODULES = [f"scorers.{info.name}" for info in pkgutil.iter_modules(scorers.__path__)]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    failed, _ = doctest.testmod(importlib.import_module(name))
    assert failed == 0
