"""The Pythons we claim are the Pythons nox tests: pyproject's classifiers, its
requires-python floor and the noxfile's list say the same versions, and `nox -s versions`
(which .ci/run runs) takes every claimed Python but the oldest, the default run's."""

from __future__ import annotations

import ast
import re
import tomllib

from .shared import ROOT
from .shared import says


def _claimed() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = []
    for classifier in project["classifiers"]:
        match = re.fullmatch(r"Programming Language :: Python :: (3\.\d+)", classifier)
        if match:
            found.append(match.group(1))
    return found


def _noxfile() -> ast.Module:
    return ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))


def _nox_pythons() -> list[str]:
    for node in _noxfile().body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "PYTHONS" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return [str(v) for v in value]
    raise AssertionError("noxfile.py has no PYTHONS list")


def test_the_classifiers_and_the_noxfile_name_the_same_pythons() -> None:
    assert _claimed() == _nox_pythons()
    assert _claimed(), "no 'Programming Language :: Python :: 3.x' classifier"


def test_the_versions_session_runs_on_every_claimed_python_but_the_oldest() -> None:
    """The default run (.ci/run's own venv) takes the oldest; each other one is named by
    NEWER_PYTHONS, the session's list (tests/test_ci_run.py: .ci/run fails without it)."""
    tree = _noxfile()
    values = {
        target.id: ast.unparse(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    assert values["NEWER_PYTHONS"] == "PYTHONS[1:]"
    versions = next(
        node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "versions"
    )
    assert [ast.unparse(d) for d in versions.decorator_list] == [
        "nox.session(python=NEWER_PYTHONS)"
    ]


def test_requires_python_starts_at_the_oldest_claimed_python() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["requires-python"] == f">={_claimed()[0]}"


def test_the_readme_and_the_docs_name_the_claimed_pythons() -> None:
    """README.md and docs/index.md ask for "Python 3.11+"; the README says nox tests
    "3.11-3.13": the oldest and newest claimed (read from the pages)."""
    claimed = _claimed()
    for page in ("README.md", "docs/index.md"):
        assert says(page, r"Python (3\.\d+)\+")[1] == claimed[0], page
    tested = says("README.md", r"every claimed Python that is installed \((3\.\d+)-(3\.\d+)\)")
    assert tested.groups() == (claimed[0], claimed[-1])


def test_the_testing_page_names_every_claimed_python() -> None:
    said = says(
        "docs/development/testing.md",
        r"`nox -s tests` \| the default tier on every Python the package claims \(([\d., ]+)\)",
    )
    assert said[1].split(", ") == _claimed()
    said = says(
        "docs/development/testing.md",
        r"`nox -s versions` \| .* on every claimed Python after the oldest \(([\d., ]+);",
    )
    assert said[1].split(", ") == _claimed()[1:]
