import CGtk
import Observation
import XCTest

@testable import GMenuKit

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
/// (the suite runs with G_DEBUG=fatal-criticals).
final class BadInputTests: GtkTestCase {
    func testEmptyMenuAndEmptySubmenu() {
        onMain {
            let empty = render(Menu("Nothing") {})
            XCTAssertEqual(empty.items.count, 0)
            XCTAssertEqual(empty.diagnostics.map(\.message), ["the menu has no items; it opens empty"])

            let emptySubmenu = render(Menu("File") { Menu("Recent") {} })
            XCTAssertEqual(emptySubmenu.items[0].submenu?.count, 0)
            XCTAssertEqual(emptySubmenu.diagnostics.map(\.path), ["File › Recent"])
        }
    }

    func testEmptyLabelIsShownAsUntitled() {
        onMain {
            let result = render(Menu("File") { Button("") {} })
            XCTAssertEqual(result.items[0].label, "Untitled")
            XCTAssertEqual(result.diagnostics.count, 1)
            XCTAssertEqual(result.diagnostics.first?.severity, .warning)
        }
    }

    func testIconOnlyItemInAControlGroupNeedsNoLabel() {
        onMain {
            let result = render(Menu("Edit") {
                ControlGroup {
                    Button("", icon: "edit-cut-symbolic") {}
                    Button("", icon: "edit-copy-symbolic") {}
                    Button("", icon: "edit-paste-symbolic") {}
                }
            })
            XCTAssertEqual(result.diagnostics, [])
            XCTAssertEqual(result.items[0].section?.map(\.label), [nil, nil, nil])
        }
    }

    func testNewlinesAndControlCharactersBecomeSpaces() {
        onMain {
            let result = render(Menu("File") { Button("Line one\nline\ttwo\u{7}") {} })
            XCTAssertEqual(result.items[0].label, "Line one line two")
            XCTAssertEqual(result.diagnostics.count, 1)
            XCTAssertTrue(result.diagnostics[0].message.contains("line break"), result.diagnostics[0].message)
        }
    }

    func testLabelOfOnlyCombiningMarksIsTreatedAsEmpty() {
        onMain {
            let result = render(Menu("File") {
                Button("\u{301}\u{302}") {}
                Button("Cafe\u{301}") {}
                Section("\u{20DD}") { Button("Inside") {} }
            })
            XCTAssertEqual(result.items[0].section?.map(\.label), ["Untitled", "Café"])
            XCTAssertNil(result.items[1].label, "a header of marks only is no header")
            XCTAssertEqual(result.items[1].section?.map(\.label), ["Inside"])
            XCTAssertEqual(result.diagnostics.map(\.path), ["File › (untitled)", "File › (untitled)"])
            XCTAssertEqual(result.diagnostics.map(\.severity), [.warning, .warning])
            XCTAssertEqual(result.diagnostics.first?.message,
                           "the label has only combining marks, which show nothing on their own; it is shown as \"Untitled\"")
            XCTAssertEqual(result.diagnostics.last?.message,
                           "the header has only combining marks, which show nothing on their own; it is left out")
        }
    }

    func testBidirectionalControlsAreRemovedFromLabels() {
        onMain {
            let result = render(Menu("File") {
                Button("Open \u{202E}fdp.exe") {}
                Button("\u{2067}Save\u{2069}", subtitle: "\u{202A}to disk\u{202C}") {}
                Button("Close") {}
            })
            XCTAssertEqual(result.items.map(\.label), ["Open fdp.exe", "Save", "Close"])
            XCTAssertEqual(result.items[1].attributes[MenuAttributeName.subtitle], "to disk")
            let bidi = "contains bidirectional override or isolate characters (U+202A–U+202E, U+2066–U+2069), which can reorder what it shows; they were removed"
            XCTAssertEqual(result.diagnostics.map(\.message), ["the label " + bidi, "the label " + bidi, "the subtitle " + bidi])
            // The path shows the title without them: they would reorder it wherever it is printed.
            XCTAssertEqual(result.diagnostics.map(\.path), ["File › Open fdp.exe", "File › Save", "File › Save"])
            let scalars = result.items.compactMap(\.label).flatMap(\.unicodeScalars)
            XCTAssertFalse(scalars.contains(where: \.isBidirectionalControl))
        }
    }

    func testIconThatIsNotAnIconNameIsRefused() {
        onMain {
            let result = render(Menu("File") {
                Button("Open", icon: "/etc/passwd") {}
                Button("Web", icon: "https://example.com/icon.png") {}
                Button("Spaced", icon: "edit copy") {}
                ControlGroup {
                    Button("Cut", icon: "../../etc/passwd") {}
                    Button("Copy", icon: "edit-copy-symbolic") {}
                }
                Picker("Size", selection: .constant(1)) {
                    Label("Small", icon: "file:///etc/passwd").tag(1)
                }
                Button("Paste", icon: "edit-paste_2.symbolic") {}
            })
            let all = flatten(result.items)
            XCTAssertEqual(all.filter { $0.attributes["icon"] != nil }.compactMap(\.label), ["Copy", "Paste"])
            XCTAssertEqual(all.filter { $0.attributes["verb-icon"] != nil }.compactMap(\.label), ["Copy"])
            XCTAssertFalse(all.contains { ($0.attributes["icon"] ?? "").contains("passwd") || ($0.attributes["verb-icon"] ?? "").contains("passwd") })
            let errors = result.diagnostics.filter { $0.severity == .error }
            XCTAssertEqual(errors.map(\.path), ["File › Open", "File › Web", "File › Spaced", "File › Cut", "File › Size › Small"])
            XCTAssertEqual(errors.first?.message,
                           "'/etc/passwd' is not an icon name (letters, digits, '-', '_' and '.', such as \"edit-copy-symbolic\"); the item shows no icon")
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

    func testVeryLongLabelIsCut() {
        onMain {
            let result = render(Menu("File") { Button(String(repeating: "word ", count: 1_000)) {} })
            let label = result.items[0].label ?? ""
            XCTAssertEqual(label.count, MenuLabelText.maximumLength)
            XCTAssertTrue(label.hasSuffix("…"))
            XCTAssertEqual(result.diagnostics.count, 1)
        }
    }

    func testDuplicatePickerTagsKeepTheFirstOption() {
        onMain {
            var size = 12
            let result = render(Menu("Format") {
                Picker("Size", selection: Binding(get: { size }, set: { size = $0 })) {
                    Text("Small").tag(10)
                    Text("Medium").tag(12)
                    Text("Also Medium").tag(12)
                }
            })
            XCTAssertEqual(result.items[0].section?.map(\.label), ["Small", "Medium"])
            XCTAssertEqual(result.diagnostics.map(\.severity), [.error])
            XCTAssertEqual(result.diagnostics.first?.path, "Format › Size › Also Medium")
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
            drainMainLoop()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, action), "")
            XCTAssertEqual(collector.collected.map(\.message).last,
                           "the selection 16 is none of the picker's options (Small: 10, Medium: 12); no option is checked")
            XCTAssertEqual(rendered.diagnostics.count, 2)
            XCTAssertEqual(collector.collected.count, 2)

            settings.size = 12
            drainMainLoop()
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, action), "12")
            rendered.refresh()
            XCTAssertEqual(rendered.diagnostics, [])
            XCTAssertEqual(collector.collected.count, 2)
        }
    }

    func testDistinctTagsWithTheSameDescriptionGetDistinctTargets() {
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
            let targets = MenuModelReader.read(rendered.menuModel)[0].section?.compactMap(\.target) ?? []
            XCTAssertEqual(Set(targets).count, 2, "\(targets)")
            g_action_group_activate_action(rendered.actionGroup.unsafePointer, "weight", g_variant_new_string(targets[0]))
            XCTAssertEqual(weight.value, 1)
        }
    }

    func testDeepNestingIsCutWithAnError() {
        onMain {
            @MainActor func nested(_ depth: Int) -> Menu {
                Menu("Level \(depth)") {
                    Button("Item at \(depth)") {}
                    if depth < 40 { nested(depth + 1) }
                }
            }
            let result = render(Menu("Root") { nested(1) })
            var depth = 0
            var level = result.items
            while let submenu = level.last?.submenu {
                depth += 1
                level = submenu
            }
            XCTAssertEqual(depth, MenuPlanner.maximumDepth)
            XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.count, 1)
        }
    }

    func testSubmenusWithTheSameLabelAreMadeDistinct() {
        onMain {
            let result = render(Menu("Insert") {
                Menu("Options") { Button("A") {} }
                Menu("Options") { Button("B") {} }
                Menu("main") { Button("C") {} }
            })
            let labels = result.items.compactMap(\.label)
            XCTAssertEqual(Set(labels).count, 3)
            XCTAssertFalse(labels.contains("main"), "GtkPopoverMenu names its first page \"main\"")
            XCTAssertEqual(result.diagnostics.count, 2)
        }
    }

    func testInvalidShortcutIsDroppedWithAnError() {
        onMain {
            let result = render(Menu("File") {
                Button("Save") {}.keyboardShortcut("Ctrl+S")
                Button("Open") {}.keyboardShortcut("<Control>o")
                Menu("Recent") { Button("a") {} }.keyboardShortcut("<Control>r")
            })
            XCTAssertNil(result.items[0].attributes["accel"])
            XCTAssertEqual(result.items[1].attributes["accel"], "<Control>o")
            XCTAssertNil(result.items[2].attributes["accel"])
            XCTAssertEqual(result.diagnostics.map(\.severity), [.error, .warning])
        }
    }

    func testTwoItemsWithOneShortcutKeepItForTheFirst() {
        onMain {
            let result = render(Menu("File") {
                Button("Save") {}.keyboardShortcut("<Control>s")
                Menu("Export") {
                    // Another spelling of the same keys.
                    Button("Save Copy") {}.keyboardShortcut("<Ctrl>S")
                }
                Button("Open") {}.keyboardShortcut("<Primary>o")
                Toggle("Outline", isOn: .constant(true)).keyboardShortcut("<Control>o")
                Button("Save As…") {}.keyboardShortcut("<Shift><Control>s")
            })
            XCTAssertEqual(result.items.map { $0.attributes["accel"] }, ["<Control>s", nil, "<Primary>o", nil, "<Shift><Control>s"])
            XCTAssertNil(result.items[1].submenu?[0].attributes["accel"])
            XCTAssertEqual(result.diagnostics.map(\.severity), [.error, .error])
            XCTAssertEqual(result.diagnostics.map(\.path), ["File › Export › Save Copy", "File › Outline"])
            XCTAssertEqual(result.diagnostics.map(\.message), [
                "the shortcut <Ctrl>S is File › Save's too; one key runs one command, so only File › Save keeps it",
                "the shortcut <Control>o is File › Open's too; one key runs one command, so only File › Open keeps it",
            ])
        }
    }

    func testShortcutWithoutACommandModifierIsWarned() {
        onMain {
            // A one-character literal is SwiftUI's key form (Control+K); a String value is an accelerator.
            let plainKey = "k"
            let result = render(Menu("View") {
                Button("Next") {}.keyboardShortcut(plainKey)
                Button("Previous") {}.keyboardShortcut("<Shift>k")
                Button("Play") {}.keyboardShortcut("space")
                Button("Full Screen") {}.keyboardShortcut("F11")
                Button("Delete") {}.keyboardShortcut("Delete")
                Button("Find") {}.keyboardShortcut("<Control>f")
                Button("Zoom") {}.keyboardShortcut("<Alt>z")
            })
            // Still shown and installed: media players do mean Space.
            XCTAssertEqual(result.items.map { $0.attributes["accel"] },
                           ["k", "<Shift>k", "space", "F11", "Delete", "<Control>f", "<Alt>z"])
            XCTAssertEqual(result.diagnostics.map(\.severity), [.warning, .warning, .warning])
            XCTAssertEqual(result.diagnostics.map(\.path), ["View › Next", "View › Previous", "View › Play"])
            XCTAssertEqual(result.diagnostics.first?.message,
                           "the shortcut k has no Control, Alt or Super: it works anywhere in the window and takes the key from typing; use a modifier (or .mnemonic(_:), which works only while the menu is open)")
        }
    }

    func testInvalidActionNamesAreRefused() {
        onMain {
            let result = render(Menu("File") {
                Button("Quit", actionName: "app.quit_now")
                Button("Close", actionName: "close")
                Button("No Name", actionName: "app.")
                Button("No Scope", actionName: ".quit")
                Button("Two Dots", actionName: "a.b.c")
                Button("No Target", actionName: "app.quit::")
                Button("Zoom", actionName: "win.zoom-in")
                Button("Open Recent", actionName: "app.open::notes")
            })
            XCTAssertEqual(result.items.map(\.action), [nil, nil, nil, nil, nil, nil, "win.zoom-in", "app.open"])
            XCTAssertEqual(result.items.map(\.target), [nil, nil, nil, nil, nil, nil, nil, "notes"])
            XCTAssertEqual(result.diagnostics.map(\.severity), Array(repeating: .error, count: 6))
            XCTAssertEqual(result.diagnostics.map(\.path),
                           ["File › Quit", "File › Close", "File › No Name", "File › No Scope", "File › Two Dots", "File › No Target"])
            let start = "is not a valid GAction name (scope.name, with letters, digits and '-'): "
            XCTAssertEqual(result.diagnostics.map(\.message), [
                "'app.quit_now' \(start)it has characters other than those; the item is dimmed",
                "'close' \(start)it has no scope (app., win. or the prefix its group was inserted under); the item is dimmed",
                "'app.' \(start)it names no action after its scope; the item is dimmed",
                "'.quit' \(start)it has no scope before its dot; the item is dimmed",
                "'a.b.c' \(start)it has more than one dot, so GTK looks for an action named 'b.c' in the group 'a'; the item is dimmed",
                "'app.quit::' \(start)'::' is followed by no target; the item is dimmed",
            ])

            let collector = DiagnosticCollector()
            defer { collector.stop() }
            let prefixed = RenderedMenu(Menu("Edit") { Button("Copy") {} }, actionPrefix: "my_menu")
            XCTAssertEqual(prefixed.actionPrefix, "menu")
            XCTAssertEqual(collector.collected.map(\.severity), [.error])
        }
    }

    func testDuplicateForEachIdsStillGiveDistinctItems() {
        onMain {
            var opened: [String] = []
            let result = render(Menu("Windows") {
                ForEach(["Notes", "Notes"], id: \.self) { name in Button(name) { opened.append(name) } }
            })
            XCTAssertEqual(result.items.count, 2)
            XCTAssertEqual(Set(result.items.compactMap(\.action)).count, 2)
            XCTAssertEqual(result.diagnostics.count, 1)
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

    func testControlGroupTooWideAndWithSubmenus() {
        onMain {
            let result = render(Menu("Edit") {
                ControlGroup {
                    Button("A", icon: "edit-cut-symbolic") {}
                    Button("B", icon: "edit-copy-symbolic") {}
                    Button("C", icon: "edit-paste-symbolic") {}
                    Button("D", icon: "edit-undo-symbolic") {}
                    Button("E", icon: "edit-redo-symbolic") {}
                    Menu("More") { Button("F") {} }
                }
            })
            XCTAssertEqual(result.items[0].section?.count, 5)
            XCTAssertEqual(result.diagnostics.count, 2)
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

    /// A destructive item of a control group keeps a plain label: GTK draws the group's icons
    /// and shows labels as tooltips, which GTK 4.18 parses as markup after taking the markup
    /// out ('Save As <' then warns); beside the group, destructive items are red as usual.
    func testADestructiveItemOfAControlGroupHasNoMarkup() {
        onMain {
            let rendered = RenderedMenu(Menu("Edit") {
                ControlGroup {
                    Button("Cut", icon: "edit-cut-symbolic") {}
                    Button("Save As <", role: .destructive) {}
                }
                Button("Delete <", role: .destructive) {}
            })
            rendered.destructiveColor = "#c01c28"
            rendered.refresh()
            let items = flatten(MenuModelReader.read(rendered.menuModel))
            let inGroup = item(labelled: "Save As <", in: items)
            XCTAssertNotNil(inGroup, "the label stays plain: \(items)")
            XCTAssertNil(inGroup?.attributes["use-markup"])
            XCTAssertEqual(items.first { $0.label?.contains("Delete") ?? false }?.attributes["use-markup"], "true", "outside the group it is red")
        }
    }
}
