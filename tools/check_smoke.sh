#!/usr/bin/env bash
# Run the smoke mode from source and in every built executable (dist/), and check
# that the executables pass and throw the same dice faces for the fixed seed.
#
#   tools/check_smoke.sh            # uses .venv/bin/python (PY=... to override)
#   tools/check_smoke.sh EXE...     # these executables instead of dist/'s (unpacked downloads:
#                                   # tools/check_downloads.sh)
#
# The executables are started from a temp folder, so they must find their assets
# wherever they are run from.  The JSON report comes through DICE_TAVERN_SMOKE_OUT
# (a windowed Windows build has no stdout).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
PY=${PY:-$ROOT/.venv/bin/python}
SEED=2024  # the default of --smoke
LIMIT=""
command -v timeout >/dev/null && LIMIT="timeout 900"  # no timeout(1) on stock macOS
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
case "$(uname -s)" in MINGW*|MSYS*|CYGWIN*) EXE=.exe ;; *) EXE= ;; esac
EXES=()
for f in "dist/dice-tavern/dice-tavern$EXE" "dist/dice-tavern-onefile$EXE"; do
    [ $# -eq 0 ] && [ -x "$f" ] && EXES+=("$ROOT/$f")
done
for f in "$@"; do
    [ -x "$f" ] || { echo "check_smoke: $f is not an executable file" >&2; exit 1; }
    EXES+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")")
done
if [ ${#EXES[@]} -eq 0 ]; then
    echo "check_smoke: no executable in dist/; run 'make dist' first" >&2
    exit 1
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

echo "== source: $PY -m game --smoke --seed $SEED"
DICE_TAVERN_SMOKE_OUT="$TMP/source.json" $LIMIT "$PY" -m game smoke --seed "$SEED"
i=0
REPORTS=()
for exe in "${EXES[@]}"; do
    i=$((i + 1))
    echo "== frozen: $exe --smoke (started in $TMP/run$i)"
    mkdir -p "$TMP/run$i"
    (cd "$TMP/run$i" && DICE_TAVERN_SMOKE_OUT="$TMP/frozen$i.json" $LIMIT "$exe" --smoke)
    REPORTS+=("$TMP/frozen$i.json")
    if [ -n "$(ls -A "$TMP/run$i")" ]; then
        echo "check_smoke: $exe wrote files into its working folder: $(ls -A "$TMP/run$i")" >&2
        exit 1
    fi
done

"$PY" - "$TMP/source.json" "${#REPORTS[@]}" "${REPORTS[@]}" "${EXES[@]}" <<'PYEOF'
import json, sys

def faces(report):
    return {"dice": report["dice"].get("faces"),
            "games": {g: r.get("faces") for g, r in report["games"].items()}}

source = json.load(open(sys.argv[1]))
want = faces(source)
bad = 0
count = int(sys.argv[2])
for path, name in zip(sys.argv[3:3 + count], sys.argv[3 + count:]):
    report = json.load(open(path))
    if not report.get("ok") or not report.get("frozen"):
        print(f"check_smoke: {name}: smoke failed or not frozen: {report.get('errors')}")
        bad += 1
    got = faces(report)
    if got != want:
        print(f"check_smoke: {name}: dice faces differ from the source run\n  source: {want}\n  frozen: {got}")
        bad += 1
    else:
        print(f"check_smoke: {name}: same dice faces as the source run "
              f"(5d6 {got['dice'][0]}; games: {', '.join(got['games']) or 'none built yet'})")
if not source.get("ok"):
    print(f"check_smoke: the source smoke run failed: {source.get('errors')}")
    bad += 1
print("check_smoke: " + ("ok" if not bad else f"{bad} problem(s)"))
sys.exit(1 if bad else 0)
PYEOF
