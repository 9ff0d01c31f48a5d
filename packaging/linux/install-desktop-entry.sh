#!/bin/sh
# Put fidedesk in the desktop's application menu and let a double-clicked .fidedesk file open in it.
# Run from the unpacked bundle folder: ./install-desktop-entry.sh (for you alone: ~/.local, no root).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
mkdir -p "$data/applications" "$data/mime/packages"
sed "s|^Exec=fidedesk|Exec=\"$here/fidedesk\"|" "$here/fidedesk.desktop" > "$data/applications/fidedesk.desktop"
for size in 16 24 32 48 64 128 256 512; do
    mkdir -p "$data/icons/hicolor/${size}x${size}/apps"
    cp "$here/_internal/resources/icons/fidedesk-$size.png" "$data/icons/hicolor/${size}x${size}/apps/fidedesk.png"
done
cp "$here/fidedesk-mime.xml" "$data/mime/packages/fidedesk.xml"
command -v update-mime-database >/dev/null && update-mime-database "$data/mime" || true
command -v update-desktop-database >/dev/null && update-desktop-database "$data/applications" || true
echo "fidedesk is in your applications menu; .fidedesk files open in it, and .trf and .xlsx files can be opened with it."
