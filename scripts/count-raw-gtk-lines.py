#!/usr/bin/env python3
"""Counts how much of an app's Swift code is raw GTK and GLib plumbing.

Usage: scripts/count-raw-gtk-lines.py [--max PERCENT] [--list] [--help] DIRECTORY...

A line counts when it is not blank and not only a comment. It is *raw* when it has any of:
  - a call of a C function of GTK, GDK, GLib, GObject, GIO, Pango or GMenuKit's shim
    (gtk_…(, gdk_…(, g_…(, gmk_…(, pango_…(, graphene_…();
  - a C constant of theirs (GTK_…, GDK_…, G_…);
  - an unsafe pointer or reference type or conversion (UnsafePointer, UnsafeMutablePointer,
    UnsafeRawPointer, OpaquePointer, Unmanaged, gpointer, .gpointer, @convention,
    assumingMemoryBound, withMemoryRebound, unsafeBitCast);
  - a forced cast (as!).
GMenuKit's typed helpers (InterfaceBuilder.object(GtkButton.self, "id"), cast(_:to:),
onSignal, observe, Application, commands) do not count: they are what the rule measures.
Exits 1 when --max is given and the share is above it.
"""
import re
import sys
from pathlib import Path

RAW = [
    re.compile(r"\b(?:gtk|gdk|g|gmk|pango|graphene)_[a-z0-9_]+\s*\("),
    re.compile(r"\b(?:GTK|GDK|G)_[A-Z0-9_]+\b"),
    re.compile(r"\b(?:UnsafePointer|UnsafeMutablePointer|UnsafeRawPointer|UnsafeMutableRawPointer|OpaquePointer|Unmanaged|gpointer)\b"),
    re.compile(r"@convention|assumingMemoryBound|withMemoryRebound|unsafeBitCast|\bas!"),
]


def code_lines(path):
    in_block = False
    for number, line in enumerate(path.read_text().splitlines(), 1):
        text = line.strip()
        if in_block:
            if "*/" in text:
                in_block = False
            continue
        if text.startswith("/*"):
            in_block = "*/" not in text
            continue
        if not text or text.startswith("//"):
            continue
        # A trailing comment is no code.
        code = re.sub(r'//.*$', "", text) if '"' not in text else text
        yield number, code


def main(arguments):
    maximum = None
    listing = False
    directories = []
    iterator = iter(arguments)
    for argument in iterator:
        if argument in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if argument == "--max":
            value = next(iterator, None)
            try:
                maximum = float(value)
            except (TypeError, ValueError):
                print(f"--max takes a percentage, not {value!r}", file=sys.stderr)
                return 2
        elif argument == "--list":
            listing = True
        elif argument.startswith("-"):
            print(f"unknown option {argument!r}\n\n{__doc__.strip()}", file=sys.stderr)
            return 2
        elif not Path(argument).is_dir():
            print(f"{argument}: no such folder", file=sys.stderr)
            return 2
        else:
            directories.append(Path(argument))
    if not directories:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    total = raw = 0
    for directory in directories:
        for path in sorted(directory.rglob("*.swift")):
            for number, code in code_lines(path):
                total += 1
                if any(pattern.search(code) for pattern in RAW):
                    raw += 1
                    if listing:
                        print(f"{path}:{number}: {code}")
    share = 100.0 * raw / total if total else 0.0
    print(f"{raw} of {total} lines are raw GTK/GLib calls, constants, casts or unsafe pointers: {share:.1f}%")
    if maximum is not None and share > maximum:
        print(f"above the {maximum:g}% allowed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
