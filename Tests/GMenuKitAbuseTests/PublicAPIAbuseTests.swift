import CGtk
import Foundation
import XCTest

import GMenuKit

/// Random misuse of GMenuKit's public API, for a fixed number of iterations from a fixed seed
/// (`GMENUKIT_ABUSE_SEED` and `GMENUKIT_ABUSE_ITERATIONS` change them): labels, icons, shortcuts,
/// action names, bounds and nesting that no one should write, menus refreshed, invalidated and
/// shown in every control. The suite runs with `G_DEBUG=fatal-criticals`, so a GTK critical ends
/// it; beyond that, every menu must come out as GTK can read it, and every repair must be a
/// diagnostic that names the item. Only the public API is used (no `@testable`).
final class PublicAPIAbuseTests: XCTestCase {
    private static let environment = ProcessInfo.processInfo.environment
    private static let seed = environment["GMENUKIT_ABUSE_SEED"].flatMap(UInt64.init) ?? 0x6D65_6E75_6B69_74
    private static let iterations = environment["GMENUKIT_ABUSE_ITERATIONS"].flatMap(Int.init) ?? 400

    func testRandomMisuseRendersReadableMenusWithDiagnostics() throws {
        // XCTest runs its tests on the main thread, where GTK lives.
        MainActor.assumeIsolated { Self.misuseAtRandom() }
    }

    @MainActor private static func misuseAtRandom() {
        var random = SplitMix64(seed: Self.seed)
        let diagnostics = DiagnosticLog()
        let previous = RenderedMenu.diagnosticHandler
        RenderedMenu.diagnosticHandler = { diagnostics.entries.append($0) }
        defer { RenderedMenu.diagnosticHandler = previous }
        let display = gtk_init_check() != 0
        for iteration in 0..<Self.iterations {
            diagnostics.entries.removeAll()
            let state = AbuseState()
            let menu = AbusiveMenus.menu(&random, state: state, depth: 0)
            let context = "iteration \(iteration) of seed \(Self.seed)"
            do {
                let rendered = RenderedMenu(menu)
                GIOCheck.menu(rendered.menuModel, actions: rendered.actionGroup.unsafePointer, prefix: rendered.actionPrefix, context: context)
                // State changes, refreshes and activations of whatever the menu holds.
                for _ in 0..<random.next(upTo: 4) {
                    state.flip(&random)
                    rendered.refresh()
                    GIOCheck.activateSomething(in: rendered.actionGroup.unsafePointer, &random)
                }
                GIOCheck.menu(rendered.menuModel, actions: rendered.actionGroup.unsafePointer, prefix: rendered.actionPrefix, context: context)
                if random.next(upTo: 5) == 0 {
                    rendered.invalidate()
                    rendered.refresh()
                    XCTAssertEqual(g_menu_model_get_n_items(rendered.menuModel), 0, "an invalidated menu stays empty (\(context))")
                }
                if display && iteration % 25 == 0 {
                    AbusiveControls.show(menu, &random, context: context)
                }
            }
            for diagnostic in diagnostics.entries {
                XCTAssertFalse(diagnostic.path.isEmpty, "a diagnostic without a path: \(diagnostic) (\(context))")
                XCTAssertFalse(diagnostic.message.isEmpty, "a diagnostic without a message (\(context))")
                XCTAssertFalse(diagnostic.path.unicodeScalars.contains { $0.properties.generalCategory == .control },
                               "a path with control characters: \(diagnostic.path.debugDescription) (\(context))")
            }
            drainMainLoop()
        }
    }

    /// Controls given what they cannot take: the wrong widgets, widgets being destroyed.
    func testControlsRefuseWidgetsTheyCannotTakeWithADiagnostic() throws {
        guard MainActor.assumeIsolated({ gtk_init_check() != 0 }) else { throw XCTSkip("no display; run with make test") }
        MainActor.assumeIsolated { Self.refusals() }
    }

    @MainActor private static func refusals() {
        let diagnostics = DiagnosticLog()
        let previous = RenderedMenu.diagnosticHandler
        RenderedMenu.diagnosticHandler = { diagnostics.entries.append($0) }
        defer { RenderedMenu.diagnosticHandler = previous }
        let menu = Menu("Edit") { Button("Copy") {} }

        let label = gtk_label_new("Not a menu button")!
        g_object_ref_sink(UnsafeMutableRawPointer(label))
        RenderedMenu(menu).attach(toMenuButton: label)
        RenderedMenu(menu).present(in: label)
        let window = gtk_window_new()!
        ContextMenu(menu, attachedTo: window)
        gtk_window_destroy(gmk_window(window))
        g_object_unref(UnsafeMutableRawPointer(label))
        drainMainLoop()

        XCTAssertEqual(diagnostics.entries.count, 3, "\(diagnostics.entries)")
        XCTAssertTrue(diagnostics.entries.allSatisfy { $0.severity == .error && $0.path == "Edit" }, "\(diagnostics.entries)")
    }
}

@MainActor
final class DiagnosticLog {
    var entries: [MenuDiagnostic] = []
}

/// State the random menus read: flipped between refreshes.
@MainActor
final class AbuseState {
    var isOn = false
    var choice = "a"
    var count = 0
    var level = 0.5
    var showsExtra = false

    func flip(_ random: inout SplitMix64) {
        switch random.next(upTo: 5) {
        case 0: isOn.toggle()
        case 1: choice = ["a", "b", "missing", ""][random.next(upTo: 4)]
        case 2: count = [Int.min, -1, 0, 5, Int.max][random.next(upTo: 5)]
        case 3: level = [Double.nan, -.infinity, 0, 0.5, 1e300][random.next(upTo: 5)]
        default: showsExtra.toggle()
        }
    }
}

/// Menus built from what no one should write.
@MainActor
enum AbusiveMenus {
    static let labels = [
        "", " ", "Copy", "Open…", "Save As...", "_Edit", "__init__", "a\nb\tc\u{7}", "<b>bold</b>", "&amp;",
        "\u{301}\u{302}", "\u{202E}evil\u{202C}", "\u{2067}rtl\u{2069}", String(repeating: "Long ", count: 400),
        "😀 Emoji", "Ünïcödé", "\u{0}nul", "main", "Duplicate", "Duplicate",
    ]
    static let icons: [String?] = [
        nil, "", "edit-copy-symbolic", "/etc/passwd", "../../etc/passwd", "file:///etc/passwd", "no-such-icon-anywhere",
        "bad icon name", "resource:///org/gtk/x.png", String(repeating: "a", count: 5_000), "document-open",
    ]
    static let shortcuts = [
        "", "<Control>c", "<Control>c", "k", "<Shift>k", "<Alt>F4", "<Super>a", "<Bogus>q", "<Control>", "F10", "<Control><Shift>Delete",
        "Ctrl+S", "<Primary>s", "\u{0}",
    ]
    static let actionNames = [
        "app.quit", "app.", ".quit", "a.b.c", "app.quit::", "win.close-tab(false)", "app.open('x')", "", "app.q uit", "win.über",
        "app.open::file", "app.x(", "menu.copy",
    ]

    static func menu(_ random: inout SplitMix64, state: AbuseState, depth: Int) -> Menu {
        let title = pick(labels, &random)
        let icon = pick(icons, &random)
        var parts: [any MenuContent] = []
        for _ in 0..<random.next(upTo: depth == 0 ? 12 : 5) {
            parts.append(item(&random, state: state, depth: depth))
        }
        let content = parts
        return Menu(title, icon: icon) {
            for part in content { part }
        }
    }

    static func item(_ random: inout SplitMix64, state: AbuseState, depth: Int) -> any MenuContent {
        let title = pick(labels, &random)
        switch random.next(upTo: 16) {
        case 0:
            return Button(title, icon: pick(icons, &random), subtitle: random.next(upTo: 3) == 0 ? pick(labels, &random) : nil) {}
                .keyboardShortcut(pick(shortcuts, &random))
        case 1:
            return Button(title, actionName: pick(actionNames, &random), target: random.next(upTo: 2) == 0 ? nil : pick(labels, &random))
        case 2:
            return Button(title, role: .destructive) {}.confirmationMessage(pick(labels, &random))
        case 3:
            return Toggle(title, icon: pick(icons, &random), isOn: Binding(state, \.isOn)).mnemonic(Character(pick(["x", "_", "é", "C"], &random)))
        case 4:
            return Picker(title, selection: Binding(state, \.choice)) {
                Text(pick(labels, &random)).tag("a")
                Text(pick(labels, &random)).tag("b")
                Text(pick(labels, &random)).tag("a")
            }.pickerStyle([.inline, .menu, .palette][random.next(upTo: 3)])
        case 5:
            let bounds = [0...0, -5...5, Int.min...Int.max, 3...3][random.next(upTo: 4)]
            return Stepper(title, value: Binding(state, \.count), in: bounds, step: [1, 0, -1, Int.max][random.next(upTo: 4)])
        case 6:
            let bounds = [0.0...1.0, -Double.infinity...Double.infinity, 5.0...5.0, -1e300...1e300][random.next(upTo: 4)]
            return Slider(title, value: Binding(state, \.level), in: bounds, step: [nil, 0, -1, .nan, 0.1][random.next(upTo: 5)])
        case 7:
            return Divider()
        case 8:
            return Section(title) {}
        case 9:
            let items = (0..<random.next(upTo: 6)).map { _ in pick(labels, &random) }
            return Section(pick(labels, &random)) {
                ForEach(items, id: \.self) { Button($0) {} }.generatedContent(random.next(upTo: 2) == 0)
            }
        case 10:
            return ControlGroup {
                Button("", icon: pick(icons, &random)) {}
                Button(title, icon: pick(icons, &random)) {}
            }
        case 11:
            // Deeper than anyone should nest.
            var inner = menu(&random, state: state, depth: depth + 1)
            for level in 0..<random.next(upTo: 30) {
                let wrapped = inner
                inner = Menu("Level \(level)") { wrapped }
            }
            return inner
        case 12:
            return Button(title) {}.disabled().id(random.next(upTo: 3))
        case 13:
            return Button(title) {}.menuActionDismissBehavior(.disabled).id(random.next(upTo: 3))
        case 14 where depth < 3:
            return menu(&random, state: state, depth: depth + 1)
        default:
            if state.showsExtra { return Button(title) {}.keyboardShortcut(pick(shortcuts, &random)) }
            return Section {}
        }
    }

    static func pick<T>(_ values: [T], _ random: inout SplitMix64) -> T { values[random.next(upTo: values.count)] }
}

/// Shows a random menu in a real control in a real window, opens and closes it, and checks that
/// the popover is finalized with the window.
@MainActor
enum AbusiveControls {
    static func show(_ menu: Menu, _ random: inout SplitMix64, context: String) {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let window = gtk_window_new()!
        gtk_window_set_child(gmk_window(window), box)
        var popover: UnsafeMutablePointer<GtkWidget>?
        var open: () -> Void = {}
        switch random.next(upTo: 3) {
        case 0:
            let control = PullDownButton(menu)
            gtk_box_append(gmk_box(box), control.widget)
            open = { control.popup() }
            popover = nil
        case 1:
            let label = gtk_label_new("Context")!
            gtk_box_append(gmk_box(box), label)
            let control = ContextMenu(menu, attachedTo: label)
            open = { control.popup(at: 3, 3) }
        default:
            let bar = MenuBar { menu }
            gtk_box_append(gmk_box(box), bar.widget)
        }
        gtk_window_present(gmk_window(window))
        run(forMicroseconds: 100_000)
        open()
        run(forMicroseconds: 150_000)
        popover = popovers(under: box).first
        let watcher = Finalization()
        popover.map { watcher.watch($0) }
        gtk_window_destroy(gmk_window(window))
        run(forMicroseconds: 100_000)
        XCTAssertTrue(watcher.isFinalized, "the control's popover outlived its window (\(context))")
    }

    static func popovers(under widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        var pending = [widget]
        while let current = pending.popLast() {
            var child = gtk_widget_get_first_child(current)
            while let next = child {
                if gmk_is_popover(next) != 0 { found.append(next) } else { pending.append(next) }
                child = gtk_widget_get_next_sibling(next)
            }
        }
        return found
    }

    static func run(forMicroseconds duration: Int) {
        let end = g_get_monotonic_time() + duration
        while g_get_monotonic_time() < end {
            g_main_context_iteration(nil, 0)
            g_usleep(2_000)
        }
    }
}

/// Whether a GObject has been finalized, through a weak reference.
final class Finalization {
    private(set) var isFinalized = true

    func watch(_ object: gpointer) {
        isFinalized = false
        g_object_weak_ref(gmk_object(object), { data, _ in
            Unmanaged<Finalization>.fromOpaque(data!).takeUnretainedValue().isFinalized = true
        }, Unmanaged.passUnretained(self).toOpaque())
    }
}

/// What GTK's menu widgets read, checked as they would read it.
@MainActor
enum GIOCheck {
    static func menu(_ model: UnsafeMutablePointer<GMenuModel>, actions: OpaquePointer, prefix: String, context: String, depth: Int = 0) {
        XCTAssertLessThan(depth, 40, "the model nests deeper than any menu can show (\(context))")
        guard depth < 40 else { return }
        for index in 0..<g_menu_model_get_n_items(model) {
            if let label = string(model, index, "label") {
                XCTAssertNotNil(g_utf8_validate(label, -1, nil) != 0 ? label : nil, "a label that is not UTF-8 (\(context))")
                XCTAssertFalse(label.contains("\0"), "a label with a NUL (\(context))")
            }
            if let icon = g_menu_model_get_item_attribute_value(model, index, "icon", nil) {
                let deserialized = g_icon_deserialize(icon)
                XCTAssertNotNil(deserialized, "an icon GTK cannot read (\(context))")
                if let deserialized {
                    XCTAssertEqual(gmk_is_file_icon(UnsafeMutableRawPointer(deserialized)), 0, "an icon that loads a file (\(context))")
                    g_object_unref(UnsafeMutableRawPointer(deserialized))
                }
                g_variant_unref(icon)
            }
            if let accel = string(model, index, "accel"), !accel.isEmpty {
                var key: guint = 0
                var modifiers = GdkModifierType(rawValue: 0)
                gtk_accelerator_parse(accel, &key, &modifiers)
                XCTAssertNotEqual(key, 0, "an accel GTK cannot parse: \(accel.debugDescription) (\(context))")
            }
            if let action = string(model, index, "action") {
                XCTAssertNotEqual(g_action_name_is_valid(String(action.split(separator: ".", maxSplits: 1).last ?? "")), 0,
                                  "an invalid action name \(action.debugDescription) (\(context))")
                // A dimmed item names the action that is never there (GTK dims it for that).
                if action.hasPrefix(prefix + "."), action != prefix + ".Unavailable" {
                    let name = String(action.dropFirst(prefix.count + 1))
                    XCTAssertNotEqual(g_action_group_has_action(actions, name), 0, "an item of a missing action \(action) (\(context))")
                    let target = g_menu_model_get_item_attribute_value(model, index, "target", nil)
                    let parameter = g_action_group_get_action_parameter_type(actions, name)
                    // A slider's action takes the value (a double) from GMenuKit's own row; a
                    // model GTK shows alone draws it as a dimmed item.
                    if let parameter, g_variant_type_equal(UnsafeRawPointer(parameter), UnsafeRawPointer(gmk_variant_type_double())) != 0 { continue }
                    XCTAssertEqual(target == nil, parameter == nil, "target and parameter disagree for \(action): GTK would dim it; label \(string(model, index, "label") ?? "-"), custom \(string(model, index, "custom") ?? "-"), parameter \(parameter.map { String(cString: g_variant_type_peek_string($0)).prefix(Int(g_variant_type_get_string_length($0))) } ?? "none") (\(context))")
                    if let target, let parameter { XCTAssertNotEqual(g_variant_is_of_type(target, parameter), 0, "target of the wrong type for \(action) (\(context))") }
                    if let target { g_variant_unref(target) }
                }
            }
            for link in [G_MENU_LINK_SECTION, G_MENU_LINK_SUBMENU] {
                if let linked = g_menu_model_get_item_link(model, index, link) {
                    menu(gmk_menu_model(linked), actions: actions, prefix: prefix, context: context, depth: depth + 1)
                    g_object_unref(linked)
                }
            }
        }
    }

    /// Activates a random action with a random parameter, fitting or not.
    static func activateSomething(in group: OpaquePointer, _ random: inout SplitMix64) {
        guard let names = g_action_group_list_actions(group) else { return }
        defer { g_strfreev(names) }
        var list: [String] = []
        var index = 0
        while let name = names[index] { list.append(String(cString: name)); index += 1 }
        guard !list.isEmpty else { return }
        let name = list[random.next(upTo: list.count)]
        let parameters: [OpaquePointer?] = [nil, g_variant_new_string("b"), g_variant_new_boolean(1), g_variant_new_int32(7)]
        let parameter = parameters[random.next(upTo: parameters.count)]
        // The destructive ones ask first in a window of their own: not in this test.
        if name.contains("delete") || name.contains("evil") { parameters.compactMap { $0 }.forEach { g_variant_unref(g_variant_ref_sink($0)) }; return }
        g_action_group_activate_action(group, name, parameter)
        for other in parameters where other != parameter { if let other { g_variant_unref(g_variant_ref_sink(other)) } }
        drainMainLoop()
        // A confirmation window for a destructive item may have opened: it goes.
        closeWindows()
    }

    static func closeWindows() {
        let list = gtk_window_get_toplevels()!
        var windows: [gpointer] = []
        for index in 0..<g_list_model_get_n_items(list) {
            if let window = g_list_model_get_item(list, index) { windows.append(window); g_object_unref(window) }
        }
        for window in windows { gtk_window_destroy(gmk_window(window)) }
        drainMainLoop()
    }

    private static func string(_ model: UnsafeMutablePointer<GMenuModel>, _ index: gint, _ name: String) -> String? {
        guard let value = g_menu_model_get_item_attribute_value(model, index, name, gmk_variant_type_string()) else { return nil }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }
}

func drainMainLoop() {
    var spins = 0
    while g_main_context_iteration(nil, 0) != 0 && spins < 10_000 { spins += 1 }
}

/// A small, fast, seedable generator, so that a failing iteration can be run again.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(upTo bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
}
