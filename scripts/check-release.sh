#!/usr/bin/env bash
# Checks the release that scripts/release.sh built into dist/, as a user
# would find it: the version is this commit's; exactly the expected archives
# and bundle are there and match checksums.txt; every archive holds the
# binary, README.md and LICENSE; and every binary reports the version. The
# linux/amd64 binary is run; linux/arm64 runs under qemu-aarch64 when
# installed (apt-get install qemu-user); the macOS and Windows binaries,
# which cannot run here, are checked for their platform (go version -m) and
# for the stamped version string. The bundle is checked by e2e/bundle.mjs.
#
#   scripts/check-release.sh
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "check-release: $*" >&2; exit 1; }

version=$(node -p 'require("./dist/metadata.json").version')
short=$(git show -s --format=%h HEAD)
if tag=$(git describe --exact-match --tags --match 'v*' HEAD 2>/dev/null) && [ -z "$(git status --porcelain)" ]; then
  want="${tag#v}"
else
  want="$(git describe --tags --abbrev=0 --match 'v*' 2>/dev/null || echo v0.0.0)"
  want="${want#v}-snapshot+$short"
  if [ -n "$(git status --porcelain)" ]; then want="$want.dirty"; fi
fi
[ "$version" = "$want" ] || fail "dist/ holds version $version; this commit is $want"
echo "version $version"

p="accounting-mcp_$version"
expected=$(printf '%s\n' "$p.mcpb" "${p}_darwin_universal.tar.gz" "${p}_linux_amd64.tar.gz" \
  "${p}_linux_arm64.tar.gz" "${p}_windows_amd64.zip" "${p}_windows_arm64.zip" | LC_ALL=C sort)
actual=$(cd dist && ls -1 ./*.tar.gz ./*.zip ./*.mcpb | sed 's|^\./||' | LC_ALL=C sort)
[ "$actual" = "$expected" ] || fail "$(printf 'artifacts differ:\nwant:\n%s\ngot:\n%s' "$expected" "$actual")"
[ "$(awk '{print $2}' dist/checksums.txt | LC_ALL=C sort)" = "$expected" ] || fail "checksums.txt does not list exactly the artifacts"
(cd dist && sha256sum --quiet -c checksums.txt) || fail "checksums do not match"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for archive in $expected; do
  case "$archive" in *.mcpb) continue ;; esac
  target=${archive#"${p}_"}; target=${target%%.*}   # e.g. linux_amd64
  goos=${target%_*} arch=${target#*_}
  mkdir "$work/$target"
  case "$archive" in
    *.zip) unzip -q "dist/$archive" -d "$work/$target" ;;
    *) tar -xzf "dist/$archive" -C "$work/$target" ;;
  esac
  exe=accounting-mcp; [ "$goos" = windows ] && exe=accounting-mcp.exe
  [ "$(ls "$work/$target" | LC_ALL=C sort | tr '\n' ' ')" = "LICENSE README.md $exe " ] || fail "$archive holds $(ls "$work/$target")"
  bin="$work/$target/$exe"
  go version -m "$bin" | grep -q "GOOS=$goos\$" || fail "$archive: $exe is not a $goos binary"
  grep -q -a -F "$version" "$bin" || fail "$archive: $exe is not stamped $version"
  line=""
  case "$goos/$arch" in
    "$(go env GOOS)/$(go env GOARCH)") line=$("$bin" --version) ;;
    linux/arm64) if command -v qemu-aarch64 >/dev/null 2>&1; then line=$(qemu-aarch64 "$bin" --version); fi ;;
  esac
  if [ -n "$line" ]; then
    case "$line" in "accounting-mcp $version ($goos/$arch, "*) ;; *) fail "$archive: --version says $line" ;; esac
    echo "$archive: $line"
  else
    echo "$archive: $goos binary stamped $version (not run here)"
  fi
done
echo "release $version checked: $(echo "$expected" | wc -l) artifacts"
