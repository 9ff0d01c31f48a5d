#!/bin/sh
# The macOS disk image: dist/fidedesk.app and a link to /Applications to drag it onto.
#
#     packaging/macos/make_dmg.sh             (after python packaging/build.py, on a Mac)
#
# Writes dist/fidedesk-<version>.dmg. Unsigned: signing and notarising are not set up (docs/install.md).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
version=$(python3 -c "import sys; sys.path.insert(0, '$root/packaging'); import metadata; print(metadata.version())")
app="$root/dist/fidedesk.app"
[ -d "$app" ] || { echo "no $app: run python packaging/build.py first" >&2; exit 1; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
out="$root/dist/fidedesk-$version.dmg"
rm -f "$out"
hdiutil create -volname "fidedesk $version" -srcfolder "$stage" -fs HFS+ -format UDZO -ov "$out"
echo "$out"
