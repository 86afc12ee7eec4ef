"""What the accessibility scripts share (atspi-menu-items.py, atspi-controls.py): finding an
application on the accessibility bus and walking its tree."""
import pyatspi


def application(pid):
    """The application with process id `pid` on the bus, or None."""
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        try:
            if app is not None and app.get_process_id() == pid:
                return app
        except Exception:
            pass
    return None


def walk_with_paths(node, depth=0, path=()):
    """Every node under `node`, itself first, in tree order, with its depth and the names of its
    ancestors; nodes that cannot be read are passed over."""
    if node is None or depth > 60:
        return
    yield node, depth, path
    try:
        count = node.childCount
        name = node.name
    except Exception:
        return
    for index in range(count):
        try:
            child = node.getChildAtIndex(index)
        except Exception:
            continue
        yield from walk_with_paths(child, depth + 1, path + (name,))


def walk(node):
    """Every node under `node`, itself first, in tree order."""
    for inner, _, _ in walk_with_paths(node):
        yield inner


def states(node):
    """The node's states, by name, sorted."""
    return sorted(pyatspi.stateToString(state) for state in node.getState().getStates())
