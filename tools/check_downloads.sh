#!/usr/bin/env bash
# Start every download the release workflow publishes for this system, as a
# player gets it: each archive unpacked into a fresh folder outside the build
# tree, the one-file program copied alone and given its exec bit back (a
# browser download loses it: the README says `chmod +x`), the macOS app
# started from its bundle and once more through `open` (Launch Services), the
# Windows console companion asked for --version.  Then every program's smoke
# run must pass with the source run's dice faces (tools/check_smoke.sh).
#
#   tools/check_downloads.sh upload/      # the release workflow, after "Package the downloads"
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
UPLOAD=$(cd "${1:?usage: check_downloads.sh FOLDER}" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
EXES=()
n=0
for file in "$UPLOAD"/*; do
    base=$(basename "$file")
    n=$((n + 1))
    here="$TMP/d$n"
    mkdir -p "$here"
    case "$base" in
        dice_tavern-*)   # the wheel and the sdist: tools/check_wheel.py and the sdist test start them
            continue ;;
        *-onefile|*-onefile.exe)
            cp "$file" "$here/"
            chmod +x "$here/$base"
            EXES+=("$here/$base") ;;
        *.tar.gz)
            tar -xzf "$file" -C "$here"
            EXES+=("$here/dice-tavern/dice-tavern") ;;
        *-app.zip)
            ditto -x -k "$file" "$here"
            app="$here/Dice Tavern.app"
            EXES+=("$app/Contents/MacOS/dice-tavern")
            # as a double-click starts it: Launch Services, the bundle's own Info.plist; the game
            # prints first-frame once its first frame is on screen, then quits
            open -W -n --stdout "$here/open.out" --stderr "$here/open.err" \
                --env DICE_TAVERN_FIRST_FRAME_EXIT=1 --env SDL_AUDIODRIVER=dummy \
                --env DICE_TAVERN_HOME="$here/home" "$app"
            grep -qx first-frame "$here/open.out" || {
                echo "check_downloads: $base: 'open' did not show the first frame: $(cat "$here/open.out" "$here/open.err")" >&2
                exit 1; }
            echo "check_downloads: $base: started through 'open', first frame shown" ;;
        *.zip)
            (cd "$here" && 7z x -bd -y "$file" > /dev/null)
            EXES+=("$here/dice-tavern/dice-tavern.exe")
            console="$here/dice-tavern/dice-tavern-console.exe"
            line=$("$console" --version | tr -d '\r')
            case "$line" in
                "dice-tavern "*" (executable)") echo "check_downloads: $base: dice-tavern-console --version: $line" ;;
                *) echo "check_downloads: $base: dice-tavern-console --version printed '$line'" >&2; exit 1 ;;
            esac ;;
        *)
            echo "check_downloads: $base: no way to start it is known: add one here" >&2
            exit 1 ;;
    esac
    echo "check_downloads: $base unpacked into $here"
done
[ ${#EXES[@]} -gt 0 ] || { echo "check_downloads: nothing to start in $UPLOAD" >&2; exit 1; }
tools/check_smoke.sh "${EXES[@]}"
