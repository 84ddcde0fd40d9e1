#!/bin/sh
# Installs the Debian packages DipDesk needs to build (cgo, Fyne, go-sqlite3)
# and to test its window under Xvfb, but only those that are missing.
# Uses sudo when not run as root. Safe to run again: when nothing is
# missing it only asks dpkg (well under a second).
set -eu

PACKAGES="gcc pkg-config libgl1-mesa-dev xorg-dev libx11-dev libxcursor-dev \
libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev libwayland-dev \
libxkbcommon-dev libgl1-mesa-dri xvfb xdotool sqlite3"

missing=""
for p in $PACKAGES; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done

if ! command -v go >/dev/null 2>&1; then
	echo "install-deps: Go is not installed; install Go 1.26 or newer (https://go.dev/dl/)" >&2
	exit 1
fi

if [ -z "$missing" ]; then
	exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
	echo "install-deps: missing packages:$missing" >&2
	echo "install-deps: this script knows only apt-get (Debian, Ubuntu); install them by hand" >&2
	exit 1
fi

SUDO=""
if [ "$(id -u)" != "0" ]; then
	SUDO="sudo"
fi
echo "install-deps: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $missing
