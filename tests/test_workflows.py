"""The release workflow cannot run here, so it is linted and read.

Issue 19: "A release workflow ... that, on a tag, builds and smoke-tests the
one-file and one-folder executables and the wheel on Linux, Windows and macOS
and attaches them to the release, checked by a workflow linter in the test
suite since it cannot run here."

The linter is check-jsonschema with its bundled GitHub-workflow schema (no
network); a deliberately broken copy proves it can fail.
"""
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((REPO / ".github" / "workflows").glob("*.yml"))
RELEASE = REPO / ".github" / "workflows" / "release.yml"


def lint(*files: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows",
                           *map(str, files)], capture_output=True, text=True, timeout=120)


def load(path: Path) -> dict:
    from ruamel.yaml import YAML  # check-jsonschema's own YAML reader
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))


def test_every_workflow_passes_the_schema():
    assert RELEASE in WORKFLOWS
    proc = lint(*WORKFLOWS)
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("breakage", [
    ("runs-on: ${{ matrix.os }}", "runs-onn: ${{ matrix.os }}"),   # unknown key
    ("timeout-minutes: 60", "timeout-minutes: [60]"),              # wrong type
    ("    needs: build\n", "    needs: {build: true}\n"),           # wrong shape
])
def test_the_linter_fails_on_a_broken_workflow(tmp_path, breakage):
    text = RELEASE.read_text(encoding="utf-8")
    old, new = breakage
    assert old in text
    broken = tmp_path / "release.yml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert lint(broken).returncode != 0


def _run_lines(job: dict) -> str:
    return "\n".join(step.get("run", "") for step in job["steps"])


def test_release_builds_and_tests_everything_on_three_systems():
    flow = load(RELEASE)
    triggers = flow.get("on") or flow.get(True)  # YAML 1.1 reads a bare `on` as true
    assert any(t.startswith("v") for t in triggers["push"]["tags"])
    build = flow["jobs"]["build"]
    oses = [entry["os"] for entry in build["strategy"]["matrix"]["include"]]
    assert {o.split("-")[0] for o in oses} == {"ubuntu", "windows", "macos"}
    runs = _run_lines(build)
    assert "PyInstaller" in runs and "build.spec" in runs            # both executables (one spec)
    assert "tools/check_smoke.sh" in runs                            # their smoke run vs the source run
    assert "tools/check_wheel.py" in runs                            # wheel: fresh venv + smoke
    assert "pytest" in runs
    for kind in ("onefile", ".whl", "tar.gz", ".zip"):
        assert kind in runs, kind
    assert any(step.get("uses", "").startswith("actions/upload-artifact") for step in build["steps"])
    release = flow["jobs"]["release"]
    assert release["needs"] == "build" and "refs/tags/v" in release["if"]
    assert release["permissions"]["contents"] == "write"
    assert "gh release create" in _run_lines(release)


def test_the_scripts_the_workflow_calls_exist():
    runs = _run_lines(load(RELEASE)["jobs"]["build"])
    for script in ("tools/check_smoke.sh", "tools/check_wheel.py", "build.spec"):
        assert script in runs and (REPO / script).is_file()
