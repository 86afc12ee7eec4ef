import GMenuKitCore

/// What a rendered menu reports: each diagnostic once, to the ``diagnosticHandler``; its
/// guideline errors and warnings the first time it is shown; problems found as actions' states
/// are read, into the diagnostics of the render that read them.
extension RenderedMenu {
    /// Where diagnostics go the first time they occur. Prints to standard error by default.
    public static var diagnosticHandler: @MainActor (MenuDiagnostic) -> Void = { diagnostic in
        printToStandardError("GMenuKit: \(diagnostic)")
    }

    /// Whether a menu reports its guideline errors and warnings, once, when it is first shown.
    /// On in debug builds, off in release builds.
    public static var reportsGuidelineDiagnostics: Bool = {
        #if DEBUG
            true
        #else
            false
        #endif
    }()

    /// Tells the menu it is about to be shown. The first time, when
    /// ``reportsGuidelineDiagnostics`` is on, its guideline errors and warnings go to the
    /// ``diagnosticHandler``. Controls that show the menu call this; ``attach(toMenuButton:)`` does it.
    public func menuWillShow() {
        guard !reporter.hasBeenShown else { return }
        reporter.hasBeenShown = true
        reportLengthGTKOpensSlowly()
        guard Self.reportsGuidelineDiagnostics else { return }
        report(guidelineDiagnostics().filter { $0.severity >= .warning })
    }

    /// From about this many items GTK 4.8 takes seconds to open a menu: its popover builds a
    /// widget for every item of every page when it opens, in time that grows faster than the
    /// count (in plain C about 0.3 s at 1,000 items and 18 s at 5,000; `make bench`, case 5).
    package static let itemsGTKOpensSlowly = 2_000

    /// Rule O4 as GTK makes it matter, in every build and for generated content too (which O4
    /// itself allows to be long): one warning the first time a menu that long is shown.
    private func reportLengthGTKOpensSlowly() {
        let count = renderPass.root.itemCount
        guard count >= Self.itemsGTKOpensSlowly else { return }
        report([MenuDiagnostic(
            rule: "O4", severity: .warning, path: title,
            message: "the menu holds \(count) items; GTK builds a widget for each when it opens, which takes seconds at this length",
            suggestion: "a ForEach of more than 50 plain buttons or toggles (a title alone) scrolls on its own, making rows only for what is in view; ask for it with .menuListStyle(.scrolling(visibleRows:)) where the elements have more; or move items into submenus, or show fewer generated items (the most recent ones)")])
    }

    package func reportDiagnostics(_ found: [MenuDiagnostic]) { report(found) }

    func report(_ found: [MenuDiagnostic], missingIcons: [String: MenuDiagnostic] = [:]) {
        reporter.report(found, missingIcons: missingIcons)
    }

    /// A problem found as an action's state was read: part of a full render's diagnostics, or,
    /// when the state changed alone (or a list updated on its own), added to the last one's.
    /// Reported once, as every diagnostic is.
    func stateProblem(_ diagnostic: MenuDiagnostic) {
        if reporter.stateDiagnostics != nil {
            if !reporter.stateDiagnostics!.contains(diagnostic) { reporter.stateDiagnostics!.append(diagnostic) }
            return
        }
        if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
        report([diagnostic])
    }
}

/// What one rendered menu has reported, so that it reports each diagnostic once.
@MainActor
final class MenuDiagnosticReporter {
    private var reportedDiagnostics: Set<MenuDiagnostic> = []
    /// The icon names reported missing: once per name, whichever item has it first in later renders.
    private var iconsReportedMissing: Set<String> = []
    /// Whether the menu was shown: it reports its guideline problems then, once.
    var hasBeenShown = false
    /// While a full render runs: what reading the actions' states found, for its diagnostics.
    var stateDiagnostics: [MenuDiagnostic]?

    /// Hands the handler each diagnostic not reported before (a missing icon, once per name).
    func report(_ found: [MenuDiagnostic], missingIcons: [String: MenuDiagnostic]) {
        var alreadyReported: Set<MenuDiagnostic> = []
        for (name, diagnostic) in missingIcons where !iconsReportedMissing.insert(name).inserted {
            alreadyReported.insert(diagnostic)
        }
        for diagnostic in found where !alreadyReported.contains(diagnostic) && reportedDiagnostics.insert(diagnostic).inserted {
            RenderedMenu.diagnosticHandler(diagnostic)
        }
    }
}
