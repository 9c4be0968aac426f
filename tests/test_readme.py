"""The README's quick start is two commands, and CI runs the second one word for word."""

from __future__ import annotations

import re
import tomllib

from .shared import ROOT


def _quick_start_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```bash\n(.*?)```", section, re.S)]


def test_the_quick_start_is_two_one_line_commands() -> None:
    commands = _quick_start_commands()
    assert len(commands) == 2, commands
    assert all("\n" not in command for command in commands), commands
    assert commands[0].startswith("pip install ")
    assert "meeple " in commands[0]


def test_ci_runs_the_readme_test_command_word_for_word() -> None:
    """.ci/run runs the command as a line, or its install as a line ending in ``&& {``
    and its pytest alone in that block (where CI times it)."""
    test_command = _quick_start_commands()[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    install, _, run = test_command.rpartition(" && ")
    if test_command not in ci:
        assert f"{install} && {{" in ci, f"{test_command!r} is not run by .ci/run"
        block = ci[ci.index(f"{install} && {{") + 1 :]
        block = block[: next(i for i, line in enumerate(block) if line.strip() == "}")]
        assert run in [line.strip() for line in block], f"{run!r} is not in its block"
    assert "bash .ci/web-deps.sh" in test_command, "the browser is part of the test install"


# -- issue 33, item 7: the README path ------------------------------------------------

EXTRA_OF_MODULE = {
    "gymnasium": "rl",
    "pettingzoo": "rl",
    "meeple.adapters.gymnasium": "rl",
    "meeple.adapters.pettingzoo": "rl",
    "pyspiel": "openspiel",
    "open_spiel": "openspiel",
    "meeple.adapters.openspiel": "openspiel",
    "ray": "ray",
    "matplotlib": "plot",
    "starlette": "web",
    "uvicorn": "web",
}
"""The extra that brings each optional module (pyproject.toml's optional dependencies),
written out by hand so the tests hold pyproject to it (jinja2 is no extra's: the core
depends on it)."""

NOT_IN_THE_LIBRARY = ("numpy", "playwright", "pexpect", "httpx", "jsonschema", "interrogate", "nox")
"""Other modules only extras bring (numpy comes with `rl` and with `openspiel`) or only
the full test install."""


def _extras() -> set[str]:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return set(project["optional-dependencies"])


def _names(requirements: list[str]) -> set[str]:
    """The distribution names of pyproject requirements, normalized (PEP 503)."""
    return {re.sub(r"[-_.]+", "-", re.split(r"[<>=!~\[ ;]", r)[0]).lower() for r in requirements}


def test_every_module_of_the_map_comes_with_its_extra_and_not_with_the_core() -> None:
    """Each third-party module of `EXTRA_OF_MODULE` is installed by a distribution that
    pyproject lists in that extra and not among the core dependencies; each of the
    library's own modules in it imports a module of its extra. Regression: the map put
    jinja2 under `web`, though the core depends on it."""
    from importlib.metadata import packages_distributions

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    core = _names(project["dependencies"])
    extras = project["optional-dependencies"]
    installed_by = packages_distributions()
    for module, extra in EXTRA_OF_MODULE.items():
        assert extra in extras, (module, extra)
        if module.startswith("meeple."):
            source = (ROOT / "src" / (module.replace(".", "/") + ".py")).read_text("utf-8")
            tops = set(re.findall(r"^\s*(?:from|import) (\w+)", source, re.M))
            assert tops & {m for m, e in EXTRA_OF_MODULE.items() if e == extra}, module
            continue
        dists = _names(installed_by.get(module, []))
        assert dists, f"{module} is not installed (the test extra installs every extra)"
        assert dists & _names(extras[extra]), f"{module} does not come with the {extra} extra"
        assert not dists & core, f"{module} comes with the core, not with the {extra} extra"


def test_a_virtual_environment_is_made_and_activated_before_the_quick_start() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    before = text.split("## Quick start", 1)[0]
    assert "python3 -m venv .venv && . .venv/bin/activate" in before


def test_every_example_says_how_to_run_it_and_the_extra_its_imports_need() -> None:
    import ast

    for path in sorted((ROOT / "examples").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        doc = " ".join((ast.get_docstring(tree) or "").split())
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        needed = {EXTRA_OF_MODULE.get(m, EXTRA_OF_MODULE.get(m.split(".")[0])) for m in imported}
        needed.discard(None)
        assert f"python examples/{path.name}" in doc, path.name
        if not needed:
            assert "Needs no extra (`pip install -e .`)" in doc, path.name
        for extra in needed:
            assert f"Needs the `{extra}` extra (`pip install -e '.[{extra}]'`)" in doc, path.name


def _prose() -> dict[str, str]:
    """The README, the docs (less the changelog, which keeps history) and the examples."""
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    files += sorted((ROOT / "examples").rglob("*.md")) + sorted((ROOT / "examples").glob("*.py"))
    return {
        str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
        for p in files
        if p.name != "changelog.md"
    }


def test_extras_are_spelled_one_way_and_name_real_extras() -> None:
    extras = _extras()
    for name, text in _prose().items():
        assert not re.search(r"meeple\[\w", text), f"{name}: spell an extra as '.[name]'"
        assert not re.search(r"pip install '\.", text), f"{name}: pip install -e '.[...]'"
        for group in re.findall(r"'\.\[([\w,]+)\]'", text):
            assert set(group.split(",")) <= extras, (name, group)
        for extra in re.findall(r"the `(\w+)` extra", text):
            assert extra in extras, (name, extra)


def test_every_command_the_readme_advertises_exists() -> None:
    from meeple.cli.app import app

    names = {c.name or (c.callback.__name__ if c.callback else "") for c in app.registered_commands}
    names = {name.replace("_", "-") for name in names}
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    advertised = set(re.findall(r"`meeple ([a-z-]+)", text))
    assert advertised, "the README names no command"
    assert advertised <= names, advertised - names


def test_the_light_test_command_needs_no_extra() -> None:
    """Its tests are collected with every extra's modules (and the test-only ones)
    made unimportable, as in an install of the library and the packages it names; the
    packages it names are the test extra's (pyproject), so pytest's options work."""
    import subprocess
    import sys

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    light = re.search(r"pip install -e \. ([\w -]+) && pytest ([\w/. ]+)\n", text)
    assert light, "the README's light test command is missing"
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    test_extra = {re.split(r"[<>=\[ ]", r)[0] for r in project["optional-dependencies"]["test"]}
    assert set(light.group(1).split()) <= test_extra, light.group(1)
    blocked = sorted({m for m in EXTRA_OF_MODULE if "." not in m} | set(NOT_IN_THE_LIBRARY))
    script = (
        "import sys, pytest\n"
        f"for name in {blocked!r}:\n"
        "    sys.modules[name] = None  # importing it raises ImportError\n"
        "sys.exit(pytest.main(['--collect-only', '-q', '-p', 'no:cacheprovider', *sys.argv[1:]]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, *light.group(2).split()],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_nox_installs_the_example_plugin_wherever_it_runs_tests_or_types() -> None:
    import ast

    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    for session in [n for n in tree.body if isinstance(n, ast.FunctionDef)]:
        source = ast.unparse(session)
        if "'pytest'" in source or "'mypy'" in source:
            assert "'examples/plugin_game'" in source, session.name


def test_what_the_commands_write_in_the_current_folder_is_ignored_by_git() -> None:
    from fnmatch import fnmatch

    patterns = [
        line.strip()
        for line in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    for written in ("meeple-web.sqlite3", "meeple-web.sqlite3-wal", "analysis-wypas/"):
        assert any(fnmatch(written, p) for p in patterns), written


def test_the_light_test_command_installs_every_plugin_the_pytest_settings_name() -> None:
    # Regression: pyproject.toml's `timeout` (pytest-timeout) made the light command
    # stop at once, "Unknown config option: timeout" (--strict-config), as it would
    # without pytest-xdist for `-n 2`.
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    light = next(line for line in text.splitlines() if "pytest tests/test_conformance.py" in line)
    installed = set(light.split(" && ")[0].split()[2:])
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pytest_settings = settings["tool"]["pytest"]["ini_options"]
    needed = {"pytest", "hypothesis"}
    if "-n" in pytest_settings["addopts"]:
        needed.add("pytest-xdist")
    if any(key.startswith("timeout") for key in pytest_settings):
        needed.add("pytest-timeout")
    assert needed <= installed, f"the light command misses {sorted(needed - installed)}"
