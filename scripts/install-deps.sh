#!/usr/bin/env bash
# Installs the Debian packages GMenuKit needs to build, test and show itself, if any is missing.
set -euo pipefail

# dbus-daemon (dbus-run-session), at-spi2-core and python3-pyatspi: the accessibility tests read menus through AT-SPI.
# gettext: msgfmt compiles the test catalog that imported menus are translated with; locales:
# the sources glibc's localedef compiles the German locale of that test from. libc6-dbg (which
# valgrind pulls in as well): names glibc malloc's internals, which the instruction guard leaves out.
packages=(libgtk-4-dev libglib2.0-dev pkg-config xvfb xauth xdotool imagemagick x11-utils python3-gi gir1.2-gtk-4.0 valgrind libc6-dbg dbus-daemon at-spi2-core python3-pyatspi gettext locales)

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
  [ "$status" = "installed" ] || missing+=("$package")
done

if ! command -v swift >/dev/null 2>&1; then
  echo "error: no 'swift' on PATH. Install the Swift 6 toolchain and put its usr/bin on PATH." >&2
  exit 1
fi

[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing Debian packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  run=()
elif command -v sudo >/dev/null 2>&1; then
  run=(sudo)
else
  echo "error: these packages are missing and neither root nor sudo is available to install them:" >&2
  echo "  apt-get install ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ! "${run[@]}" apt-get update -qq || ! "${run[@]}" apt-get install -y -qq "${missing[@]}"; then
  echo "error: could not install: ${missing[*]}. Install them by hand with apt-get, then try again." >&2
  exit 1
fi
