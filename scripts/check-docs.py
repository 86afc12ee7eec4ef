#!/usr/bin/env python3
"""Fails, listing them, when public symbols of a module have no documentation comment.

    scripts/check-docs.py SYMBOL_GRAPH_DIR MODULE

Reads the symbol graphs swift-symbolgraph-extract wrote for MODULE (MODULE.symbols.json and
the extension graphs MODULE@Other.symbols.json) and reports every public symbol declared in
the package's sources that has no doc comment of its own. A member that implements a
protocol requirement or overrides a documented declaration counts as documented when the
symbol graph carries the inherited comment, as DocC shows it.
"""
import json
import os
import sys


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    directory, module = sys.argv[1], sys.argv[2]
    graphs = [name for name in os.listdir(directory)
              if name == f"{module}.symbols.json" or name.startswith(f"{module}@")]
    if not graphs:
        print(f"error: no symbol graph for {module} in {directory}", file=sys.stderr)
        return 2
    sources = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", "Sources"))
    missing = []
    checked = 0
    for name in sorted(graphs):
        with open(os.path.join(directory, name)) as file:
            graph = json.load(file)
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            uri = symbol.get("location", {}).get("uri", "")
            path = uri[len("file://"):] if uri.startswith("file://") else uri
            # Declarations of other modules (the standard library's default implementations).
            if not os.path.realpath(path).startswith(sources):
                continue
            checked += 1
            lines = symbol.get("docComment", {}).get("lines", [])
            if not any(line.get("text", "").strip() for line in lines):
                position = symbol.get("location", {}).get("position", {})
                where = f"{os.path.relpath(path, os.path.dirname(sources))}:{position.get('line', 0) + 1}"
                title = ".".join(symbol.get("pathComponents", [])) or symbol["names"]["title"]
                missing.append(f"{where}: {symbol['kind']['displayName'].lower()} {title}")
    if missing:
        print(f"{len(missing)} of {checked} public symbols of {module} have no documentation comment:")
        for line in sorted(set(missing)):
            print("  " + line)
        return 1
    print(f"All {checked} public symbols of {module} are documented.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
