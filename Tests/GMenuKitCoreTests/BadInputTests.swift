import XCTest

@testable import GMenuKitCore

/// Bad input gets a clear diagnostic and a usable plan, never a crash: what the planner
/// repairs and reports, checked on the plan. What GTK makes of the repaired menu is tested by
/// the GTK tests' BadInputTests.
final class BadInputTests: XCTestCase {
    func testEmptyMenuAndEmptySubmenu() {
        onMain {
            let empty = plan(Menu("Nothing") {})
            XCTAssertEqual(empty.items.count, 0)
            XCTAssertEqual(empty.diagnostics.map(\.message), ["the menu has no items; it opens empty"])

            let emptySubmenu = plan(Menu("File") { Menu("Recent") {} })
            XCTAssertEqual(emptySubmenu.items[0].submenu?.count, 0)
            XCTAssertEqual(emptySubmenu.diagnostics.map(\.path), ["File › Recent"])
        }
    }

    func testEmptyLabelIsShownAsUntitled() {
        onMain {
            let result = plan(Menu("File") { Button("") {} })
            XCTAssertEqual(result.items[0].label, "Untitled")
            XCTAssertEqual(result.diagnostics.count, 1)
            XCTAssertEqual(result.diagnostics.first?.severity, .warning)
        }
    }

    func testIconOnlyItemInAControlGroupNeedsNoLabel() {
        onMain {
            let result = plan(Menu("Edit") {
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
            let result = plan(Menu("File") { Button("Line one\nline\ttwo\u{7}") {} })
            XCTAssertEqual(result.items[0].label, "Line one line two")
            XCTAssertEqual(result.diagnostics.count, 1)
            XCTAssertTrue(result.diagnostics[0].message.contains("line break"), result.diagnostics[0].message)
        }
    }

    func testLabelOfOnlyCombiningMarksIsTreatedAsEmpty() {
        onMain {
            let result = plan(Menu("File") {
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
            let result = plan(Menu("File") {
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
            let result = plan(Menu("File") {
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

    func testVeryLongLabelIsCut() {
        onMain {
            let result = plan(Menu("File") { Button(String(repeating: "word ", count: 1_000)) {} })
            let label = result.items[0].label ?? ""
            XCTAssertEqual(label.count, MenuLabelText.maximumLength)
            XCTAssertTrue(label.hasSuffix("…"))
            XCTAssertEqual(result.diagnostics.count, 1)
        }
    }

    func testDuplicatePickerTagsKeepTheFirstOption() {
        onMain {
            var size = 12
            let result = plan(Menu("Format") {
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

    func testDeepNestingIsCutWithAnError() {
        onMain {
            @MainActor func nested(_ depth: Int) -> Menu {
                Menu("Level \(depth)") {
                    Button("Item at \(depth)") {}
                    if depth < 40 { nested(depth + 1) }
                }
            }
            let result = plan(Menu("Root") { nested(1) })
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
            let result = plan(Menu("Insert") {
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

    // The shortcut tests read accelerators with AcceleratorStandIn; what GTK's own parser makes
    // of the same spellings is checked by the GTK tests' BadInputTests.

    func testInvalidShortcutIsDroppedWithAnError() {
        onMain {
            let result = plan(Menu("File") {
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
            let result = plan(Menu("File") {
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
            let result = plan(Menu("View") {
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
            let result = plan(Menu("File") {
                Button("Quit", actionName: "app.quit_now")
                Button("Close", actionName: "close")
                Button("No Name", actionName: "app.")
                Button("No Scope", actionName: ".quit")
                Button("Two Dots", actionName: "a.b.c")
                Button("No Target", actionName: "app.quit::")
                Button("Zoom", actionName: "win.zoom-in")
                Button("Open Recent", actionName: "app.open::notes")
            })
            let unavailable = "menu.Unavailable"
            XCTAssertEqual(result.items.map(\.action), Array(repeating: unavailable, count: 6) + ["win.zoom-in", "app.open"],
                           "refused names are dimmed: they name the action that is never there")
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
        }
    }

    func testDuplicateForEachIdsStillGiveDistinctItems() {
        onMain {
            var opened: [String] = []
            let result = plan(Menu("Windows") {
                ForEach(["Notes", "Notes"], id: \.self) { name in Button(name) { opened.append(name) } }
            })
            XCTAssertEqual(result.items.count, 2)
            XCTAssertEqual(Set(result.items.compactMap(\.action)).count, 2)
            XCTAssertEqual(result.diagnostics.count, 1)
        }
    }

    func testControlGroupTooWideAndWithSubmenus() {
        onMain {
            let result = plan(Menu("Edit") {
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

    /// A destructive item of a control group keeps a plain label: GTK draws the group's icons
    /// and shows labels as tooltips, which GTK 4.18 parses as markup after taking the markup
    /// out ('Save As <' then warns); beside the group, destructive items are red as usual.
    func testADestructiveItemOfAControlGroupHasNoMarkup() {
        onMain {
            let items = flatten(plan(Menu("Edit") {
                ControlGroup {
                    Button("Cut", icon: "edit-cut-symbolic") {}
                    Button("Save As <", role: .destructive) {}
                }
                Button("Delete <", role: .destructive) {}
            }, destructiveColor: "#c01c28").items)
            let inGroup = item(labelled: "Save As <", in: items)
            XCTAssertNotNil(inGroup, "the label stays plain: \(items)")
            XCTAssertNil(inGroup?.attributes["use-markup"])
            XCTAssertEqual(items.first { $0.label?.contains("Delete") ?? false }?.attributes["use-markup"], "true", "outside the group it is red")
        }
    }

    func testDistinctTagsWithTheSameDescriptionGetDistinctTargets() {
        onMain {
            struct Weight: Hashable, CustomStringConvertible {
                var value: Double
                var description: String { "w" }
            }
            var weight = Weight(value: 2)
            let result = plan(Menu("Font") {
                Picker("Weight", selection: Binding(get: { weight }, set: { weight = $0 })) {
                    Text("Light").tag(Weight(value: 1))
                    Text("Regular").tag(Weight(value: 2))
                }
            })
            let targets = result.items[0].section?.compactMap(\.target) ?? []
            XCTAssertEqual(Set(targets).count, 2, "\(targets)")
            // Choosing an option through GTK is tested by the GTK tests' BadInputTests.
        }
    }
}
