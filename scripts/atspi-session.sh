# Sourced by the accessibility scripts (atspi-app.sh, atspi-showcase-menu.sh): checks what they
# need, runs the calling script again on a D-Bus session bus of its own (dbus-run-session), with
# standard output kept for what it prints (fd 3; the bus and the daemons it starts write to
# standard output too), and turns GTK's AT-SPI backend on for the program it starts (the
# Makefile turns it off for the other tests: GTK_A11Y=none, NO_AT_BRIDGE=1).
#
#   source "$here/atspi-session.sh" "$0" "$@"
command -v dbus-run-session >/dev/null || { echo "error: dbus-run-session is missing (Debian: dbus, at-spi2-core); run scripts/install-deps.sh" >&2; exit 2; }
/usr/bin/python3 -c "import pyatspi" 2>/dev/null || { echo "error: python3-pyatspi is missing; run scripts/install-deps.sh" >&2; exit 2; }
if [ -z "${GMENUKIT_ATSPI_INNER:-}" ]; then
  exec 3>&1 1>&2
  exec env GMENUKIT_ATSPI_INNER=1 dbus-run-session -- "$@"
fi
unset GTK_A11Y NO_AT_BRIDGE
export GTK_A11Y=atspi
