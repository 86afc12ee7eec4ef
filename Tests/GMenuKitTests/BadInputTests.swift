import CGtk
import Observation
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Renders, returns the menu read back and the diagnostics that were reported.
@MainActor
private func render(_ menu: Menu) -> (items: [ReadMenuItem], diagnostics: [MenuDiagnostic], rendered: RenderedMenu) {
    let collector = DiagnosticCollector()
    defer { collector.stop() }
    let rendered = RenderedMenu(menu)
    XCTAssertEqual(collector.collected, rendered.diagnostics, "each diagnostic is reported once, as found")
    return (MenuModelReader.read(rendered.menuModel), rendered.diagnostics, rendered)
}

@Observable
@MainActor
private final class FontSettings {
    var size = 14
}

/// Bad input gets a clear diagnostic and a usable menu; never a crash or a GTK critical
/// (the suite runs with G_DEBUG=fatal-criticals). What the planner repairs is tested on the
/// plan (GMenuKitCoreTests' BadInputTests); here, what GTK's answers and the rendered menu add.
final class BadInputTests: GtkTestCase {
    /// GTK's parser reads these spellings as the planning tests' stand-in for it does: one is
    /// no accelerator, two pairs are the same keys, and three keys type text.
    func testGTKReadsTheShortcutSpellingsOfThePlanningTestsAsTheirStandInDoes() {
        onMain {
            let result = render(Menu("File") {
                Button("Save") {}.keyboardShortcut("<Control>s")
                Button("Save Plus") {}.keyboardShortcut("Ctrl+S")
                Button("Save Copy") {}.keyboardShortcut("<Ctrl>S")
                Button("Open") {}.keyboardShortcut("<Primary>o")
                Button("Outline") {}.keyboardShortcut("<Control>o")
                Button("Next") {}.keyboardShortcut("k" as String)
                Button("Previous") {}.keyboardShortcut("<Shift>k")
                Button("Play") {}.keyboardShortcut("space")
                Button("Full Screen") {}.keyboardShortcut("F11")
                Button("Delete") {}.keyboardShortcut("Delete")
                Button("Zoom") {}.keyboardShortcut("<Alt>z")
            })
            XCTAssertEqual(result.items.map { $0.attributes["accel"] },
                           ["<Control>s", nil, nil, "<Primary>o", nil, "k", "<Shift>k", "space", "F11", "Delete", "<Alt>z"])
            XCTAssertEqual(result.diagnostics.map(\.path), [
                "File › Save Plus", "File › Save Copy", "File › Outline", "File › Next", "File › Previous", "File › Play",
            ])
            XCTAssertEqual(result.diagnostics.map { String($0.message.prefix(30)) }, [
                "'Ctrl+S' is not a GTK accelera", "the shortcut <Ctrl>S is File ›", "the shortcut <Control>o is Fil",
                "the shortcut k has no Control,", "the shortcut <Shift>k has no C", "the shortcut space has no Cont",
            ])
        }
    }

    func testIconMissingFromTheThemeIsWarnedOncePerName() throws {
        try GtkSession.start()
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            var zoomFirst = true
            // A name of which the theme has only the regular icon: GTK's themed icon for the
            // symbolic name falls back to it. Which names those are differs between Adwaita
            // versions (Debian 13's has few regular icons left).
            let theme = gtk_icon_theme_get_for_display(gdk_display_get_default())
            let regularOnly = ["applications-internet", "accessories-calculator", "utilities-terminal", "help-browser", "folder"]
                .first { gtk_icon_theme_has_icon(theme, $0) != 0 && gtk_icon_theme_has_icon(theme, $0 + "-symbolic") == 0 }
            let rendered = RenderedMenu(Menu("View") {
                if zoomFirst { Button("Zoom", icon: "gmenukit-no-such-icon") {} }
                Button("Zoom More", icon: "gmenukit-no-such-icon") {}
                if let regularOnly { Button("Web", icon: regularOnly + "-symbolic") {} }
                Button("Copy", icon: "edit-copy-symbolic") {}
                Picker("Size", selection: .constant(1)) {
                    Label("Small", icon: "gmenukit-other-missing-symbolic").tag(1)
                    Label("Large", icon: "gmenukit-other-missing-symbolic").tag(2)
                }
            })
            let missing = "the icon theme has no icon 'gmenukit-no-such-icon'; GTK shows its missing-image icon for it"
            XCTAssertEqual(rendered.diagnostics.filter { $0.message.hasPrefix("the icon theme") }.map(\.path),
                           ["View › Zoom", "View › Size › Small"])
            XCTAssertEqual(rendered.diagnostics.first?.message, missing)
            XCTAssertEqual(rendered.diagnostics.first?.severity, .warning)
            // The icon stays: GTK draws its missing-image icon, and the name is there for other readers.
            let items = MenuModelReader.read(rendered.menuModel)
            XCTAssertNotNil(item(labelled: "Zoom", in: items)?.attributes["icon"])
            XCTAssertEqual(collector.collected.count, 2)

            // Once per name for the menu: a later render where another item has it first says nothing new.
            zoomFirst = false
            rendered.refresh()
            XCTAssertEqual(rendered.diagnostics.filter { $0.message == missing }.map(\.path), ["View › Zoom More"])
            XCTAssertEqual(collector.collected.count, 2, "\(collector.collected)")
            // Another menu reports it again.
            _ = RenderedMenu(Menu("Other") { Button("Zoom", icon: "gmenukit-no-such-icon") {} })
            XCTAssertEqual(collector.collected.count, 3)
        }
    }

    func testPickerSelectionThatIsNoOptionIsWarnedOncePerValue() {
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let settings = FontSettings()
            let rendered = RenderedMenu(Menu("Format") {
                Picker("Size", selection: Binding(get: { settings.size }, set: { settings.size = $0 })) {
                    Text("Small").tag(10)
                    Text("Medium").tag(12)
                }
            })
            let options = MenuModelReader.read(rendered.menuModel)[0].section ?? []
            XCTAssertEqual(options.map(\.target), ["10", "12"])
            let action = localActionName(options[0])
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, action), "", "no option is checked")
            let warning = MenuDiagnostic(
                severity: .warning, path: "Format › Size",
                message: "the selection 14 is none of the picker's options (Small: 10, Medium: 12); no option is checked")
            XCTAssertEqual(rendered.diagnostics, [warning])
            XCTAssertEqual(collector.collected, [warning])

            // Every render where it is so says so; the handler hears it once.
            rendered.refresh()
            XCTAssertEqual(rendered.diagnostics, [warning])
            XCTAssertEqual(collector.collected, [warning])

            // A change of the selection alone (the model is observed) reads only the state.
            settings.size = 16
            MainLoop.drain()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, action), "")
            XCTAssertEqual(collector.collected.map(\.message).last,
                           "the selection 16 is none of the picker's options (Small: 10, Medium: 12); no option is checked")
            XCTAssertEqual(rendered.diagnostics.count, 2)
            XCTAssertEqual(collector.collected.count, 2)

            settings.size = 12
            MainLoop.drain()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, action), "12")
            rendered.refresh()
            XCTAssertEqual(rendered.diagnostics, [])
            XCTAssertEqual(collector.collected.count, 2)
        }
    }

    func testAnOptionWhoseTagPrintsAsAnothersIsChosenByItsOwnTarget() {
        onMain {
            struct Weight: Hashable, CustomStringConvertible {
                var value: Double
                var description: String { "w" }
            }
            var weight = Weight(value: 2)
            let rendered = RenderedMenu(Menu("Font") {
                Picker("Weight", selection: Binding(get: { weight }, set: { weight = $0 })) {
                    Text("Light").tag(Weight(value: 1))
                    Text("Regular").tag(Weight(value: 2))
                }
            })
            // That the two targets differ is planning (GMenuKitCoreTests); choosing one is GTK's.
            let targets = MenuModelReader.read(rendered.menuModel)[0].section?.compactMap(\.target) ?? []
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "weight", g_variant_new_string(targets[0]))
            XCTAssertEqual(weight.value, 1)
        }
    }

    /// The names themselves are checked by the planner (GMenuKitCoreTests); the prefix is the
    /// rendered menu's.
    func testAnInvalidActionPrefixIsReplacedWithAnError() {
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let prefixed = RenderedMenu(Menu("Edit") { Button("Copy") {} }, actionPrefix: "my_menu")
            XCTAssertEqual(prefixed.actionPrefix, "menu")
            XCTAssertEqual(collector.collected.map(\.severity), [.error])
        }
    }

    func testBadDestructiveColorIsRefused() {
        onMain {
            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let rendered = RenderedMenu(Menu("File") { Button("Delete", role: .destructive) {} })
            rendered.destructiveColor = "red\" weight=\"bold"
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel)[0].label, "Delete")
            XCTAssertEqual(collector.collected.map(\.severity), [.error])
        }
    }

    func testStepperNearTheLimitOfItsTypeStopsAtTheBound() {
        onMain {
            var count = Int.max - 5
            let rendered = RenderedMenu(Menu("Counter") {
                Stepper("Count", value: Binding(get: { count }, set: { count = $0 }), in: Int.min...Int.max, step: 10)
            })
            let buttons = MenuModelReader.read(rendered.menuModel)[0].section ?? []
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, localActionName(buttons[1]), nil)
            XCTAssertEqual(count, Int.max)
            count = Int.min + 3
            rendered.refresh()
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, localActionName(buttons[0]), nil)
            XCTAssertEqual(count, Int.min)
        }
    }

    /// Steps larger than the type allows from where they start, negative steps and unsigned
    /// values: each stops at the bound, never traps (found by GMenuKitAbuseTests, seed 3).
    func testStepperStepsThatWouldOverflowStopAtTheBound() {
        onMain {
            @MainActor func press(_ rendered: RenderedMenu, _ index: Int) {
                let buttons = MenuModelReader.read(rendered.menuModel)[0].section ?? []
                g_action_group_activate_action(rendered.actionGroup.unsafePointer, localActionName(buttons[index]), nil)
                rendered.refresh()
            }
            var count = 0
            let huge = RenderedMenu(Menu("Counter") {
                Stepper("Count", value: Binding(get: { count }, set: { count = $0 }), in: -5...5, step: Int.max)
            })
            press(huge, 0)
            XCTAssertEqual(count, -5, "a step of Int.max down from 0 stops at -5")
            press(huge, 1)
            XCTAssertEqual(count, 5)

            var backwards = 0
            let reversed = RenderedMenu(Menu("Counter") {
                Stepper("Count", value: Binding(get: { backwards }, set: { backwards = $0 }), in: -5...5, step: Int.min)
            })
            press(reversed, 0)
            XCTAssertEqual(backwards, 5, "a negative step moves the other way, to the bound")

            var level: UInt8 = 1
            let unsigned = RenderedMenu(Menu("Level") {
                Stepper("Level", value: Binding(get: { level }, set: { level = $0 }), in: 0...255)
            })
            press(unsigned, 0)
            XCTAssertEqual(level, 0)
            press(unsigned, 1)
            press(unsigned, 1)
            XCTAssertEqual(level, 2)
        }
    }
}
