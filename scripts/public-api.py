#!/usr/bin/env python3
"""Prints the public API of a module, one line per symbol, from its symbol graphs.

    scripts/public-api.py SYMBOL_GRAPH_DIR MODULE

Reads MODULE.symbols.json and the extension graphs MODULE@Other.symbols.json that
swift-symbolgraph-extract wrote and prints, sorted, one line per public symbol:

    Menu.init(_:icon:content:primaryAction:) | @MainActor init(_ title: String, …)

the symbol's path, then its declaration as the compiler prints it (with the `where` clause of
a constrained extension, and whether it is a protocol's requirement or a default
implementation), and one line per conformance (`Button | conforms to MenuContent`). Doc
comments, source locations and mangled names are left out: the listing changes only when what
a client can write changes. Members of extended types of other modules are prefixed with
their module (`Swift.Never.resolve(at:into:)`).
"""
import json
import os
import subprocess
import sys

# Conformances every type has, or that the compiler adds by itself (they vary with the
# toolchain, not with the API).
IMPLICIT_PROTOCOLS = {"Swift.Copyable", "Swift.Escapable", "Swift.SendableMetatype", "Swift.BitwiseCopyable"}


# The layers an app sees through `import GMenuKit`: their types are named as the app names them.
LAYERS = ("GMenuKitCore.", "GMenuKitBuilder.", "GMenuKitGTK.", "GMenuKitApp.", "GMenuKit.")


def without_layer(name):
    for layer in LAYERS:
        if name.startswith(layer):
            return name[len(layer):]
    return name


def declaration(symbol):
    text = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    return " ".join(text.split())


def constraints(symbol):
    clauses = []
    for constraint in symbol.get("swiftExtension", {}).get("constraints", []):
        operator = {"conformance": ":", "superclass": ":", "sameType": "=="}.get(constraint["kind"], constraint["kind"])
        clauses.append(f"{constraint['lhs']} {operator} {constraint['rhs']}")
    return f" where {', '.join(clauses)}" if clauses else ""


def demangled(identifiers):
    """Names of types of other modules a conformance starts from (`s:Sb` is Swift.Bool)."""
    if not identifiers:
        return {}
    mangled = [identifier[2:] if identifier.startswith("s:") else identifier for identifier in identifiers]
    swift = os.environ.get("SWIFT", "swift")
    output = subprocess.run([swift, "demangle", "--simplified", "--compact"],
                            input="\n".join("$s" + name for name in mangled), capture_output=True, text=True,
                            check=True).stdout.splitlines()
    return dict(zip(identifiers, output))


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    directory, module = sys.argv[1], sys.argv[2]
    names = sorted(name for name in os.listdir(directory)
                   if name == f"{module}.symbols.json" or name.startswith(f"{module}@"))
    if not names:
        print(f"error: no symbol graph for {module} in {directory}", file=sys.stderr)
        return 2
    lines = set()
    for name in names:
        with open(os.path.join(directory, name)) as file:
            graph = json.load(file)
        extended = name[len(module) + 1:-len(".symbols.json")] if "@" in name else ""
        prefix = f"{extended}." if extended else ""
        paths = {}
        for symbol in graph["symbols"]:
            paths[symbol["identifier"]["precise"]] = prefix + ".".join(symbol["pathComponents"])
        # Types of other modules are named by their module (the graph names them as a fallback).
        for relationship in graph["relationships"]:
            if "targetFallback" in relationship:
                paths.setdefault(relationship["target"], without_layer(relationship["targetFallback"]))
        missing = {r["source"] for r in graph["relationships"] if r["source"] not in paths}
        paths.update(demangled(sorted(missing)))
        roles = {}
        for relationship in graph["relationships"]:
            if relationship["kind"] == "requirementOf" or relationship["kind"] == "optionalRequirementOf":
                roles[relationship["source"]] = " (requirement)"
            elif relationship["kind"] == "defaultImplementationOf":
                roles[relationship["source"]] = " (default implementation)"
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            precise = symbol["identifier"]["precise"]
            lines.add(f"{paths[precise]} | {declaration(symbol)}{constraints(symbol)}{roles.get(precise, '')}")
        for relationship in graph["relationships"]:
            if relationship["kind"] not in ("conformsTo", "inheritsFrom"):
                continue
            target = paths.get(relationship["target"], relationship["target"])
            if target in IMPLICIT_PROTOCOLS:
                continue
            verb = "conforms to" if relationship["kind"] == "conformsTo" else "inherits from"
            conditions = ""
            if relationship.get("swiftConstraints"):
                conditions = constraints({"swiftExtension": {"constraints": relationship["swiftConstraints"]}})
            lines.add(f"{paths[relationship['source']]} | {verb} {target}{conditions}")
    for line in sorted(lines):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
