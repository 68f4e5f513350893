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


def test_every_download_is_started_on_its_own_system_and_macs_of_both_kinds_get_one():
    """Issue 43: the macOS matrix built arm64 only and the zipped ``.app`` was
    never launched.  Each build job starts what it packaged, as a player gets
    it (tools/check_downloads.sh: every archive unpacked, the app through
    ``open``), and a Mac of either kind finds a download named for it."""
    build = load(RELEASE)["jobs"]["build"]
    platforms = {entry["platform"]: entry["os"] for entry in build["strategy"]["matrix"]["include"]}
    assert {"macos-apple-silicon", "macos-intel"} <= set(platforms)
    assert "intel" in platforms["macos-intel"] and "intel" not in platforms["macos-apple-silicon"]
    steps = [step.get("run", "") for step in build["steps"]]
    package = next(i for i, run in enumerate(steps) if "mkdir upload" in run)
    started = next(i for i, run in enumerate(steps) if "tools/check_downloads.sh upload" in run)
    upload = next(i for i, step in enumerate(build["steps"]) if step.get("uses", "").startswith("actions/upload"))
    assert package < started < upload, "started after packaging, before publishing"
    checker = (REPO / "tools" / "check_downloads.sh").read_text(encoding="utf-8")
    for kind in ("*-onefile|*-onefile.exe)", "*.tar.gz)", "*-app.zip)", "*.zip)"):
        assert kind in checker, kind   # each kind the packaging step makes has a way to start it
    assert "open -W" in checker and "dice-tavern-console" in checker


def test_the_release_notes_are_the_tagged_versions_section_only():
    """Issue 43: the release posted the whole 33 KB CHANGELOG as each release's notes."""
    release = _run_lines(load(RELEASE)["jobs"]["release"])
    assert "--notes-file CHANGELOG.md" not in release
    assert 'tools/release_notes.py "$GITHUB_REF_NAME" > notes.md' in release and "--notes-file notes.md" in release
    sys.path.insert(0, str(REPO / "tools"))
    from release_notes import section
    text = ("# Changelog\n\nintro\n\n## Unreleased\n\n- soon\n\n## 0.2.0 (2026-12-01)\n\n- new\n- more\n\n"
            "## 0.1.10\n\n- not this\n\n## 0.1.1\n\n- old\n")
    assert section(text, "v0.2.0") == "- new\n- more"
    assert section(text, "0.1.1") == "- old"
    assert section(text, "v0.1") == "" and section(text, "v0.3.0") == ""
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    from game import __version__
    assert section(changelog, __version__), "the current version has its section"


def test_the_readme_tells_a_player_which_download_to_take_and_how_to_start_it():
    """Issue 43: the README (57 KB, also the wheel's description) mixed player help with test
    names and figures, said nothing of Intel Macs and still advised right-click > Open, which
    macOS 15 no longer honours.  Now each download the workflow names has its line, with the
    first start of each system, the two quick-start commands and where saves go."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode("utf-8")) < 12_000, "a player's page; the engineering detail is in docs/ENGINEERING.md"
    build = load(RELEASE)["jobs"]["build"]
    for entry in build["strategy"]["matrix"]["include"]:
        assert f"dice-tavern-VERSION-{entry['platform']}" in readme, entry["platform"]
    for step in ("More info", "Run anyway", "System Settings > Privacy & Security", "Open Anyway", "chmod +x",
                 "make play", "make test", "%LOCALAPPDATA%", "Application Support", ".local/share",
                 "tools/gen_sounds.py", "docs/ENGINEERING.md"):
        assert step in readme, step
    assert "tests/test_" not in readme
