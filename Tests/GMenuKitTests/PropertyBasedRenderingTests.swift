import CGtk
import Foundation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Thousands of random menu trees, with every item kind and the labels people really write
/// (Unicode, "_", "...", markup characters, empty strings, line breaks, very long ones), render,
/// update to another random tree, and tear down without a crash or a GTK critical. After each
/// update the GMenuModel read back through GIO, and the actions it uses, equal what a fresh
/// render of the same tree produces; every action an item uses is in the group with the right
/// shape; and choosing an item runs the closure of the current content, never a stale one.
///
/// Each sequence of updates has its own seed, printed on failure. To repeat one:
///   GMENUKIT_PROPERTY_SEED=0x… swift test … --filter PropertyBasedRenderingTests/<test>
/// GMENUKIT_PROPERTY_SCALE=10 runs ten times as many sequences.
final class PropertyBasedRenderingTests: GtkTestCase {
    func testUpdatesToUnrelatedRandomTrees() {
        onMain {
            RenderingProperty(name: "unrelated trees", salt: 1, mode: .unrelated).run(sequences: 600, updatesPerSequence: 6)
        }
    }

    func testUpdatesBySmallMutations() {
        onMain {
            RenderingProperty(name: "small mutations", salt: 2, mode: .mutations).run(sequences: 300, updatesPerSequence: 16)
        }
    }

    /// Found by the property: ForEach elements with the same id that hold a divider or a
    /// section make runs of items with the same identity in one level; an update then keeps
    /// stale sections. Input as written in an application:
    func testDuplicateForEachIdsWithDividersUpdateLikeAFreshRender() {
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            var files = ["notes.txt", "notes.txt"]
            let rendered = RenderedMenu(Menu("File") {
                ForEach(files, id: \.self) { file in
                    Divider()
                    Button(file) {}
                }
            })
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).count, 2, "two sections, one per element")
            files = ["notes.txt"]
            rendered.refresh()
            let fresh = RenderedMenu(Menu("File") {
                ForEach(files, id: \.self) { file in
                    Divider()
                    Button(file) {}
                }
            })
            XCTAssertEqual(NormalizedRendering(rendered).items, NormalizedRendering(fresh).items)
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).count, 1, "the second element's section is gone")
        }
    }

    /// Found by the property: an explicit id that reads like a path ends where GMenuKit's own
    /// derived identities end (a stepper's "/decrease"), so two items get one action name and
    /// one of them runs the other's closure.
    func testExplicitIdShapedLikeAStepperPartKeepsItsOwnAction() {
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            var size = 12
            var resets = 0
            let rendered = RenderedMenu(Menu("Format") {
                Stepper("Font Size: \(size)", value: Binding(get: { size }, set: { size = $0 }), in: 8...72).id("size")
                Button("Reset Size") { resets += 1 }.id("size/decrease")
            })
            let items = flatten(MenuModelReader.read(rendered.menuModel))
            // That the two get two actions is planning (GMenuKitCoreTests' ActionPlanningTests).
            let decrease = items.first { $0.label == "Decrease" }
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, localActionName(decrease), nil)
            XCTAssertEqual(size, 11, "Decrease decreases")
            XCTAssertEqual(resets, 0, "Decrease does not run Reset Size's closure")
        }
    }

    /// The same for the action generated items share: an explicit id must not take its name.
    func testExplicitIdShapedLikeTheGeneratedItemsActionKeepsItsOwnAction() {
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            // Activating a parameterized action without a parameter is a GLib critical: a failure here.
            let catcher = GLibCriticalCatcher()
            defer { catcher.stop() }
            var log: [String] = []
            let rendered = RenderedMenu(Menu("File") {
                ForEach(["a.txt", "b.txt"], id: \.self) { file in Button(file) { log.append(file) } }
                    .generatedContent()
                Divider()
                Button("Clear Menu") { log.append("clear") }.id("generated-items")
            })
            let items = flatten(MenuModelReader.read(rendered.menuModel))
            let file = items.first { $0.label == "b.txt" }
            let clear = items.first { $0.label == "Clear Menu" }
            guard let file, let clear else { return XCTFail("no b.txt or Clear Menu in \(items)") }
            activate(file, in: rendered.actionGroup.unsafePointer)
            activate(clear, in: rendered.actionGroup.unsafePointer)
            XCTAssertEqual(log, ["b.txt", "clear"])
            XCTAssertEqual(catcher.messages, [])
        }
    }

    /// Found by the property in an open popover. GTK 4.8 keeps the page of a submenu that was
    /// inside a section when the section is removed, and opens a submenu by its label: when an
    /// update brings a new submenu with the same label, choosing it opens the old page.
    func testSubmenuInAReplacedSectionOpensItsOwnPage() throws {
        try GtkSession.start()
        onMain {
            var showsFirst = true
            let rendered = RenderedMenu(Menu("View") {
                Button("Zoom In") {}
                if showsFirst {
                    Section { Menu("Options") { Button("First Choice") {} } }
                } else {
                    Section { Menu("Options") { Button("Second Choice") {} } }
                }
            })
            let opened = OpenedMenuButton(showing: rendered)
            defer { opened.close() }
            let catcher = GLibCriticalCatcher()
            defer { catcher.stop() }
            showsFirst = false
            rendered.refresh()
            MainLoop.drain()

            let popover = opened.popover
            let pages = PopoverPages(of: popover)
            XCTAssertEqual(pages.names.filter { $0 == "Options" }.count, 1, "pages: \(pages.names)")
            let mainPage = gtk_stack_get_child_by_name(OpaquePointer(pages.stack!), "main")!
            guard let options = PopoverPages.modelButtons(in: mainPage, text: "Options").last else {
                return XCTFail("no Options item on the main page")
            }
            gtk_widget_activate(options)
            MainLoop.drain()
            let shown = PopoverPages(of: popover).visiblePage.map { PopoverPages.modelButtons(in: $0).map(PopoverPages.buttonText) }
            XCTAssertEqual(shown?.last, "Second Choice", "choosing Options opened a page showing \(shown ?? [])")
            XCTAssertEqual(catcher.messages, [])
        }
    }

    func testUpdatesWhileShownInAnOpenPopover() throws {
        try GtkSession.start()
        onMain {
            RenderingProperty(name: "open popover", salt: 3, mode: .shownInPopover).run(sequences: 60, updatesPerSequence: 6)
        }
    }
}

/// One property run: sequences of random trees rendered into one `RenderedMenu` that is
/// updated from tree to tree, each step checked against a fresh render.
@MainActor
final class RenderingProperty {
    enum Mode { case unrelated, mutations, shownInPopover }

    static let baseSeed: UInt64 = 0x474D_454E_554B_4954  // "GMENUKIT"

    let name: String
    let salt: UInt64
    let mode: Mode
    private(set) var renderedTrees = 0
    private(set) var updates = 0
    /// Updates after which the updated menu's action names differed from a fresh render's.
    private(set) var updatesWithOtherActionNames = 0
    private(set) var activations = 0
    private var failedSequences = 0

    init(name: String, salt: UInt64, mode: Mode) {
        self.name = name
        self.salt = salt
        self.mode = mode
    }

    /// The settings a sequence renders with, drawn from its seed.
    struct Settings {
        var title: String
        var actionPrefix: String
        var destructiveColor: String?
    }

    func run(sequences: Int, updatesPerSequence: Int, file: StaticString = #filePath, line: UInt = #line) {
        let environment = ProcessInfo.processInfo.environment
        let scale = Double(environment["GMENUKIT_PROPERTY_SCALE"] ?? "") ?? 1
        var seeds: [UInt64] = (0..<max(1, Int(Double(sequences) * scale))).map { index in
            var mixer = SplitMix64(seed: Self.baseSeed ^ (salt << 56) ^ UInt64(index))
            return mixer.next()
        }
        if let given = environment["GMENUKIT_PROPERTY_SEED"] {
            let digits = given.hasPrefix("0x") ? String(given.dropFirst(2)) : given
            seeds = [UInt64(digits, radix: given.hasPrefix("0x") ? 16 : 10) ?? 0]
        }
        let collector = DiagnosticCollector()
        defer { collector.stop() }
        GLibLog.install()
        defer { GLibLog.context = nil }
        let started = Date()
        var sequencesRun = 0
        for seed in seeds {
            sequencesRun += 1
            if let failure = runSequence(seed: seed, updates: updatesPerSequence) {
                failedSequences += 1
                XCTFail("""
                    \(name): \(failure)
                    Repeat with GMENUKIT_PROPERTY_SEED=0x\(String(seed, radix: 16))
                    """, file: file, line: line)
                if failedSequences >= 3 {
                    XCTFail("\(name): stopped after \(failedSequences) failing sequences", file: file, line: line)
                    break
                }
            }
        }
        XCTAssertGreaterThan(renderedTrees, sequencesRun, "the property rendered trees at all", file: file, line: line)
        print("""
            \(name): \(sequencesRun) sequences, \(renderedTrees) trees rendered, \(updates) updates, \
            \(activations) activations, \(updatesWithOtherActionNames) updates whose action names \
            differed from a fresh render's only by naming; \(String(format: "%.1f", Date().timeIntervalSince(started))) s
            """)
    }

    /// Renders one tree, updates it several times, checks every step; nil when all held.
    private func runSequence(seed: UInt64, updates count: Int) -> String? {
        var generator = RandomMenuGenerator(seed: seed)
        let settings = Settings(title: generator.label(), actionPrefix: generator.actionPrefix(),
                                destructiveColor: generator.destructiveColor())
        let log = ActivationLog()
        var tree = generator.tree()
        var generation = 0
        let census = ObjectCensus()
        var shown: OpenedMenuButton?

        GLibLog.context = "\(name), seed 0x\(String(seed, radix: 16)), first render"
        var updated: RenderedMenu? = RenderedMenu(
            Menu(settings.title) {
                RandomMenuContent(owner: "updated", generation: generation, log: log).content(tree)
            }, actionPrefix: settings.actionPrefix)
        updated!.destructiveColor = settings.destructiveColor
        updated!.confirmDestructiveAction = { _, proceed in proceed() }
        renderedTrees += 1
        // GTK 4.8 keeps some of the GMenus a popover showed (see LeakTests): when shown, the
        // top GMenu and the actions must go, the others may stay.
        census.watchEverything(in: updated!, allModels: mode != .shownInPopover)
        if mode == .shownInPopover { shown = OpenedMenuButton(showing: updated!) }
        let warningsBefore = GLibLog.severeMessages.count
        var failure = check(updated!, against: tree, settings: settings)
        if failure == nil, let shown { failure = checkPopover(of: shown.button, showing: updated!) }

        var history = [tree]
        var step = 0
        while failure == nil && step < count {
            step += 1
            GLibLog.context = "\(name), seed 0x\(String(seed, radix: 16)), update \(step)"
            tree = mode == .mutations ? generator.mutate(tree) : generator.tree()
            history.append(tree)
            generation += 1
            updated!.refresh()
            if shown != nil { MainLoop.drain() }
            updates += 1
            renderedTrees += 1
            census.watchEverything(in: updated!, allModels: mode != .shownInPopover)
            failure = check(updated!, against: tree, settings: settings)
            if failure == nil, let shown { failure = checkPopover(of: shown.button, showing: updated!) }
            if failure == nil && GLibLog.severeMessages.count > warningsBefore {
                failure = "GLib or GTK warned: \(GLibLog.severeMessages[warningsBefore...])"
            }
            if failure == nil {
                failure = checkActivation(updated!, log: log, generation: generation, random: &generator.random)
            }
            if let found = failure {
                failure = "update \(step): \(found)\n" + reproducer(history: history, settings: settings)
            }
        }

        GLibLog.context = "\(name), seed 0x\(String(seed, radix: 16)), teardown"
        shown?.close()
        updated = nil
        if failure == nil && !census.allFinalized {
            failure = "after teardown: \(census.summary)"
        }
        return failure
    }

    // MARK: Checks

    /// What the open popover built: GtkPopoverMenu opens a submenu by the name of its page,
    /// which is the submenu's label, so each label the menu shows must name exactly one page.
    /// (GTK 4.8 keeps the pages of submenus inside a removed section; such a stale page is
    /// harmless until a new submenu gets its label: then the new item opens the stale page.)
    private func checkPopover(of button: UnsafeMutablePointer<GtkWidget>, showing rendered: RenderedMenu) -> String? {
        guard let popover = gtk_menu_button_get_popover(gmk_menu_button(button)) else { return "no popover" }
        let pages = PopoverPages(of: gmk_widget(popover))
        func submenuLabels(_ items: [ReadMenuItem]) -> [String] {
            items.flatMap { ($0.submenu == nil ? [] : [$0.label ?? ""]) + submenuLabels($0.section ?? []) + submenuLabels($0.submenu ?? []) }
        }
        // Every custom slot holds one of GMenuKit's rows, whatever the updates did.
        let slots = NormalizedRendering(rendered).customSlots.count
        let rows = WidgetTree.all(gmk_widget(popover)).filter {
            gtk_widget_has_css_class($0, "gmenukit-row") != 0 || gtk_widget_has_css_class($0, "gmenukit-icon-row") != 0
        }.count
        if rows != slots { return "the popover shows \(rows) GMenuKit rows for \(slots) custom slots" }
        for label in submenuLabels(MenuModelReader.read(rendered.menuModel)) {
            let count = pages.names.filter { $0 == label }.count
            if count != 1 {
                return "the submenu \(label.debugDescription) has \(count) pages in the popover: \(pages.names.map(\.debugDescription))"
            }
        }
        return nil
    }

    private func makeMenu(_ tree: [RandomMenuNode], settings: Settings, log: ActivationLog, owner: String) -> RenderedMenu {
        let menu = RenderedMenu(
            Menu(settings.title) { RandomMenuContent(owner: owner, generation: 0, log: log).content(tree) },
            actionPrefix: settings.actionPrefix)
        menu.destructiveColor = settings.destructiveColor
        // Destructive items ask first; here the answer is always yes, so that choosing one runs
        // its closure as any other item's (the confirmation itself is tested with real input).
        menu.confirmDestructiveAction = { _, proceed in proceed() }
        return menu
    }

    /// The updated menu against a fresh render of the same tree; nil when they agree.
    private func check(_ updated: RenderedMenu, against tree: [RandomMenuNode], settings: Settings) -> String? {
        let fresh = makeMenu(tree, settings: settings, log: ActivationLog(), owner: "fresh")
        renderedTrees += 1
        let updatedRendering = NormalizedRendering(updated)
        let freshRendering = NormalizedRendering(fresh)
        _ = updated.guidelineDiagnostics()
        if updatedRendering != freshRendering {
            return "the updated menu differs from a fresh render of the same tree: "
                + updatedRendering.firstDifference(from: freshRendering)
        }
        if updatedRendering.actionNames != freshRendering.actionNames { updatesWithOtherActionNames += 1 }
        if let problem = updatedRendering.selfInconsistencies().first {
            return "the updated menu is inconsistent: \(problem)"
        }
        if let problem = freshRendering.selfInconsistencies().first {
            return "a fresh render is inconsistent: \(problem)"
        }
        if updated.diagnostics != fresh.diagnostics {
            return "diagnostics differ: \(updated.diagnostics) vs \(fresh.diagnostics)"
        }
        // The fresh menu goes away with everything it made.
        let census = ObjectCensus()
        census.watchEverything(in: fresh)
        _ = consume fresh
        if !census.allFinalized { return "a fresh render left objects behind: \(census.summary)" }
        return nil
    }

    /// Chooses one of the updated menu's items as GTK would; the closure of the current
    /// content must run, once, or nothing when the item is dimmed.
    private func checkActivation(_ updated: RenderedMenu, log: ActivationLog, generation: Int, random: inout SplitMix64) -> String? {
        let prefix = updated.actionPrefix + "."
        // A dimmed item naming the action that is never there cannot be chosen: GTK dims it.
        let candidates = flatten(MenuModelReader.read(updated.menuModel)).filter {
            $0.action?.hasPrefix(prefix) == true && $0.action != prefix + MenuPlanner.unavailableActionName
        }
        guard !candidates.isEmpty else { return nil }
        let item = candidates[random.below(candidates.count)]
        let name = String(item.action!.dropFirst(prefix.count))
        let group = updated.actionGroup.unsafePointer
        guard let before = ActionDescription.of(group, name) else { return "no action \(name) for \(item)" }
        log.events.removeAll()
        g_action_group_activate_action(group, name, item.target.map { g_variant_new_string($0) })
        activations += 1
        guard before.isEnabled else {
            return log.events.isEmpty ? nil : "a disabled action ran \(log.events)"
        }
        guard log.events.count == 1, let event = log.events.first else {
            return "choosing \(item) ran \(log.events.count) closures: \(log.events)"
        }
        if event.owner != "updated" || event.generation != generation {
            return "choosing \(item) ran a stale closure: \(event), the current content is generation \(generation)"
        }
        let expected: Bool
        switch event.what {
        case .button: expected = before.stateType == nil
        case .toggle(let isOn): expected = before.stateType == "b" && String(isOn) != before.state
        case .choice(let tag):
            expected = before.stateType == "s" && (item.target == tag || item.target?.hasPrefix(tag + "#") == true)
        case .stepper: expected = before.stateType == nil && ["Decrease", "Increase"].contains(item.label)
        case .primaryAction: expected = false
        }
        return expected ? nil : "choosing \(item) (\(before)) ran \(event)"
    }

    // MARK: Reproducing

    /// The trees of a failing sequence as Swift, shrunk: earlier trees dropped and every tree
    /// made smaller while the last update still fails.
    private func reproducer(history: [[RandomMenuNode]], settings: Settings) -> String {
        let header = "menu title \(settings.title.debugDescription), action prefix \(settings.actionPrefix.debugDescription), destructive colour \(settings.destructiveColor.debugDescription)"
        func source(_ trees: [[RandomMenuNode]]) -> String {
            trees.enumerated().map { index, tree in
                (index == 0 ? "first render:\n" : "update \(index):\n") + RandomMenuSource.swift(tree)
            }.joined(separator: "\n")
        }
        guard reproduces(history, settings: settings) else {
            return header + "\n(does not fail again when replayed)\n" + source(history)
        }
        var trees = history
        var checks = 0
        // A bound on the work, not on the outcome: shrinking stops with what it has by then.
        let deadline = Date().addingTimeInterval(5)
        // Fewer updates first: the shortest tail of the sequence that still fails.
        while trees.count > 2 && reproduces(Array(trees.dropFirst()), settings: settings) {
            trees.removeFirst()
        }
        var improved = true
        while improved && checks < 4_000 && Date() < deadline {
            improved = false
            for index in trees.indices where !improved {
                for candidate in RandomMenuShrinker.candidates(of: trees[index]) {
                    checks += 1
                    var trial = trees
                    trial[index] = candidate
                    if reproduces(trial, settings: settings) {
                        trees = trial
                        improved = true
                        break
                    }
                    if checks >= 4_000 || Date() >= deadline { break }
                }
            }
        }
        return header + "\nshrunk to:\n" + source(trees)
    }

    /// Whether rendering the first tree and updating through the others ends in a menu that
    /// disagrees with a fresh render of the last (or, when the property shows its menus, in an
    /// open popover that gets it wrong).
    private func reproduces(_ trees: [[RandomMenuNode]], settings: Settings) -> Bool {
        var tree = trees[0]
        let menu = RenderedMenu(
            Menu(settings.title) { RandomMenuContent(owner: "shrink", generation: 0, log: ActivationLog()).content(tree) },
            actionPrefix: settings.actionPrefix)
        menu.destructiveColor = settings.destructiveColor
        let warningsBefore = GLibLog.severeMessages.count
        let shown = mode == .shownInPopover ? OpenedMenuButton(showing: menu) : nil
        for next in trees.dropFirst() {
            tree = next
            menu.refresh()
            if shown != nil { MainLoop.drain() }
        }
        var popoverProblem = false
        if let shown {
            popoverProblem = checkPopover(of: shown.button, showing: menu) != nil
                || GLibLog.severeMessages.count > warningsBefore
            shown.close()
        }
        let fresh = makeMenu(tree, settings: settings, log: ActivationLog(), owner: "fresh")
        let updatedRendering = NormalizedRendering(menu)
        return popoverProblem || updatedRendering != NormalizedRendering(fresh) || !updatedRendering.selfInconsistencies().isEmpty
            || menu.diagnostics != fresh.diagnostics
    }
}

/// Smaller variants of a random tree, for shrinking a failure to what causes it.
enum RandomMenuShrinker {
    static func candidates(of tree: [RandomMenuNode]) -> [[RandomMenuNode]] {
        var result: [[RandomMenuNode]] = []
        let count = RandomMenuNode.count(tree)
        for index in 0..<count {
            for edit in Edit.allCases {
                var target = index
                var copy = tree
                if apply(edit, to: &copy, target: &target) { result.append(copy) }
            }
        }
        return result
    }

    enum Edit: CaseIterable { case remove, hoist, dropModifiers, plainLabel }

    private static func apply(_ edit: Edit, to list: inout [RandomMenuNode], target: inout Int) -> Bool {
        var index = 0
        while index < list.count {
            if target == 0 {
                switch edit {
                case .remove:
                    list.remove(at: index)
                    return true
                case .hoist:
                    let children = list[index].childLists.flatMap { $0 }
                    guard !list[index].childLists.isEmpty else { return false }
                    list.replaceSubrange(index...index, with: children)
                    return true
                case .dropModifiers:
                    guard !list[index].modifiers.isEmpty else { return false }
                    list[index].modifiers = []
                    return true
                case .plainLabel:
                    let plain = "Item \(list[index].uid)"
                    switch list[index].kind {
                    case .button(let title, _, _, let role, let named) where title != plain:
                        list[index].kind = .button(title: plain, icon: nil, subtitle: nil, role: role, named: named)
                    case .toggle(let title, _, _, let isOn) where title != plain:
                        list[index].kind = .toggle(title: plain, icon: nil, subtitle: nil, isOn: isOn)
                    case .menu(let title, _, let children, let primary) where title != plain:
                        list[index].kind = .menu(title: plain, icon: nil, children: children, hasPrimaryAction: primary)
                    case .section(let header, let children) where !header.isEmpty:
                        list[index].kind = .section(header: "", children: children)
                    default:
                        return false
                    }
                    return true
                }
            }
            target -= 1
            var lists = list[index].childLists
            for listIndex in lists.indices {
                if apply(edit, to: &lists[listIndex], target: &target) {
                    list[index].childLists = lists
                    return true
                }
                if target < 0 { return false }
            }
            index += 1
        }
        return false
    }
}
