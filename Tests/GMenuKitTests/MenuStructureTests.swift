import CGtk
import XCTest

@testable import GMenuKit

/// Every item kind, read back from the GMenuModel through GIO.
final class MenuStructureTests: GtkTestCase {
    func testPlainItemsStayFlatWithActionsLabelsAndShortcuts() {
        onMain {
            let rendered = RenderedMenu(Menu("File") {
                Button("New Window") {}.keyboardShortcut("<Control>n")
                Button("Open Recent", icon: "document-open-recent-symbolic", subtitle: "Files you used lately") {}
                Button("Quit", actionName: "app.quit")
            })
            let items = MenuModelReader.read(rendered.menuModel)
            XCTAssertEqual(items.count, 3, "\(items)")
            XCTAssertEqual(items[0].attributes, ["label": "New Window", "action": "menu.new-window", "accel": "<Control>n"])
            XCTAssertEqual(items[1].label, "Open Recent")
            XCTAssertEqual(items[1].action, "menu.open-recent")
            XCTAssertEqual(items[1].attributes["icon"]?.hasPrefix("('themed', <['document-open-recent-symbolic'"), true)
            XCTAssertEqual(items[1].attributes["gmenukit-subtitle"], "Files you used lately")
            XCTAssertNil(items[1].attributes["verb-icon"], "verb-icon belongs to iconic sections only")
            XCTAssertEqual(items[2].attributes, ["label": "Quit", "action": "app.quit"])
            XCTAssertEqual(rendered.diagnostics, [])
        }
    }

    func testDividersAndSectionsBecomeSections() {
        onMain {
            let rendered = RenderedMenu(Menu("Edit") {
                Button("Undo") {}
                Button("Redo") {}
                Divider()
                Section("Clipboard") {
                    Button("Cut") {}
                    Button("Copy") {}
                }
                Button("Select All") {}
            })
            let items = MenuModelReader.read(rendered.menuModel)
            XCTAssertEqual(items.count, 3, "\(items)")
            XCTAssertEqual(items[0].section?.map(\.label), ["Undo", "Redo"])
            XCTAssertNil(items[0].label)
            XCTAssertEqual(items[1].label, "Clipboard", "a section header is the section's label")
            XCTAssertEqual(items[1].section?.map(\.label), ["Cut", "Copy"])
            XCTAssertEqual(items[2].section?.map(\.label), ["Select All"])
        }
    }

    func testSubmenusLinkTheirItems() {
        onMain {
            let rendered = RenderedMenu(Menu("View") {
                Menu("Zoom") {
                    Button("Zoom In") {}
                    Button("Zoom Out") {}
                }
            })
            let items = MenuModelReader.read(rendered.menuModel)
            XCTAssertEqual(items.count, 1)
            XCTAssertEqual(items[0].label, "Zoom")
            XCTAssertNil(items[0].action)
            XCTAssertEqual(items[0].submenu?.map(\.label), ["Zoom In", "Zoom Out"])
            XCTAssertEqual(items[0].submenu?.map(\.action), ["menu.zoom-in", "menu.zoom-out"])
        }
    }

    func testToggleIsABooleanStatefulAction() {
        onMain {
            var isBold = true
            let rendered = RenderedMenu(Menu("Format") {
                Toggle("Bold", isOn: Binding(get: { isBold }, set: { isBold = $0 }))
            })
            let bold = MenuModelReader.read(rendered.menuModel)[0]
            XCTAssertEqual(bold.attributes, ["label": "Bold", "action": "menu.bold"], "no target: GTK draws a checkmark")
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "bold"), "true")
            let stateType = g_action_group_get_action_state_type(rendered.actionGroup.unsafePointer, "bold")
            XCTAssertEqual(String(cString: g_variant_type_peek_string(stateType)!).prefix(1), "b")
        }
    }

    func testPickerStyles() {
        onMain {
            var sort = "date"
            let selection = Binding(get: { sort }, set: { sort = $0 })
            let rendered = RenderedMenu(Menu("View") {
                Picker("Sort By", selection: selection) {
                    Text("Name").tag("name")
                    Text("Date").tag("date")
                }
                Picker("Group By", selection: selection) {
                    Text("Kind").tag("kind")
                    Text("Date").tag("date")
                }
                .pickerStyle(.menu)
                Picker("Align", selection: selection) {
                    Label("Left", icon: "format-justify-left-symbolic").tag("left")
                    Label("Right", icon: "format-justify-right-symbolic").tag("right")
                }
                .pickerStyle(.palette)
            })
            let items = MenuModelReader.read(rendered.menuModel)
            XCTAssertEqual(items.count, 3, "\(items)")

            let inline = items[0]
            XCTAssertEqual(inline.label, "Sort By")
            XCTAssertEqual(inline.section?.map(\.label), ["Name", "Date"])
            XCTAssertEqual(inline.section?.map(\.target), ["name", "date"], "one target per option: radio items")
            XCTAssertEqual(Set(inline.section!.map(\.action)), ["menu.sort-by"])
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "sort-by"), "date")

            // The submenu style sits in a section of its own, as the level mixes sections.
            let submenu = items[1].section?.first
            XCTAssertEqual(submenu?.label, "Group By")
            XCTAssertEqual(submenu?.submenu?.map(\.target), ["kind", "date"])
            XCTAssertEqual(submenu?.submenu?.first?.action, "menu.group-by")

            let palette = items[2]
            XCTAssertEqual(palette.attributes["display-hint"], "horizontal-buttons")
            XCTAssertEqual(palette.section?.map { $0.attributes["verb-icon"] },
                           ["format-justify-left-symbolic", "format-justify-right-symbolic"])
            XCTAssertEqual(actionState(rendered.actionGroup.unsafePointer, "align"), "", "no option matches: no radio mark")
        }
    }

    func testControlGroupIsAHorizontalButtonsSection() {
        onMain {
            let rendered = RenderedMenu(Menu("Edit") {
                ControlGroup {
                    Button("Cut", icon: "edit-cut-symbolic") {}
                    Button("Copy", icon: "edit-copy-symbolic") {}
                    Button("Paste", icon: "edit-paste-symbolic") {}
                }
                Button("Select All") {}
            })
            let items = MenuModelReader.read(rendered.menuModel)
            XCTAssertEqual(items[0].attributes["display-hint"], "horizontal-buttons")
            XCTAssertEqual(items[0].section?.map { $0.attributes["verb-icon"] },
                           ["edit-cut-symbolic", "edit-copy-symbolic", "edit-paste-symbolic"])
            XCTAssertEqual(items[0].section?.map(\.label), ["Cut", "Copy", "Paste"], "labels stay for tooltips and accessibility")
            XCTAssertEqual(items[1].section?.map(\.label), ["Select All"])
        }
    }

    func testStepperIsARowOfDecreaseAndIncreaseThatKeepsTheMenuOpen() {
        onMain {
            var size = 8
            let rendered = RenderedMenu(Menu("Format") {
                Stepper("Font Size: \(size)", value: Binding(get: { size }, set: { size = $0 }), in: 8...72, step: 2)
            })
            let stepper = MenuModelReader.read(rendered.menuModel)[0]
            XCTAssertEqual(stepper.label, "Font Size: 8")
            XCTAssertEqual(stepper.attributes["display-hint"], "horizontal-buttons")
            XCTAssertEqual(stepper.section?.map(\.label), ["Decrease", "Increase"])
            XCTAssertEqual(stepper.section?.map { $0.attributes["verb-icon"] }, ["list-remove-symbolic", "list-add-symbolic"])
            XCTAssertEqual(stepper.section?.map { $0.attributes["gmenukit-keeps-open"] }, ["true", "true"])
            let decrease = localActionName(stepper.section?[0])
            let increase = localActionName(stepper.section?[1])
            XCTAssertFalse(actionEnabled(rendered.actionGroup.unsafePointer, decrease), "at the lower bound")
            XCTAssertTrue(actionEnabled(rendered.actionGroup.unsafePointer, increase))

            g_action_group_activate_action(rendered.actionGroup.unsafePointer, increase, nil)
            XCTAssertEqual(size, 10)
            rendered.refresh()
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel)[0].label, "Font Size: 10")
            XCTAssertTrue(actionEnabled(rendered.actionGroup.unsafePointer, decrease))
        }
    }

    func testDestructiveRoleDismissBehaviorAndDisabledAreMarked() {
        onMain {
            let rendered = RenderedMenu(Menu("File") {
                Button("Delete…", role: .destructive) {}
                Button("Increase") {}.menuActionDismissBehavior(.disabled)
                Button("Print…") {}.disabled()
            })
            let items = MenuModelReader.read(rendered.menuModel)
            XCTAssertEqual(items[0].attributes["gmenukit-role"], "destructive")
            XCTAssertNil(items[0].attributes["use-markup"], "no colour was given: plain text")
            XCTAssertEqual(items[1].attributes["gmenukit-keeps-open"], "true")
            XCTAssertNil(items[0].attributes["gmenukit-keeps-open"])
            XCTAssertEqual(items[2].action, "menu.print")
            XCTAssertFalse(actionEnabled(rendered.actionGroup.unsafePointer, "print"))
            XCTAssertTrue(actionEnabled(rendered.actionGroup.unsafePointer, "delete"))
        }
    }

    func testDestructiveColorUsesEscapedMarkupAsAString() {
        onMain {
            let rendered = RenderedMenu(Menu("File") {
                Button("Delete <All> & Forget_Me", role: .destructive) {}
            })
            rendered.destructiveColor = "#c01c28"
            let delete = MenuModelReader.read(rendered.menuModel)[0]
            XCTAssertEqual(delete.label, "<span foreground=\"#c01c28\">Delete &lt;All&gt; &amp; Forget__Me</span>")
            XCTAssertEqual(delete.attributes["use-markup"], "true", "GTK 4.8 reads use-markup only as a string")
            let useMarkup = g_menu_model_get_item_attribute_value(rendered.menuModel, 0, "use-markup", nil)
            XCTAssertEqual(g_variant_is_of_type(useMarkup, gmk_variant_type_string()), 1)
            g_variant_unref(useMarkup)
        }
    }

    func testConditionalsOptionalsAndLoopsKeepTheOrderWritten() {
        onMain {
            let showHidden = true
            let recent: [String]? = nil
            let files = ["a.txt", "b.txt"]
            let rendered = RenderedMenu(Menu("Files") {
                if showHidden {
                    Button("Hide Hidden Files") {}
                } else {
                    Button("Show Hidden Files") {}
                }
                if let recent {
                    Button("Recent: \(recent)") {}
                }
                ForEach(files, id: \.self) { file in
                    Button(file) {}
                }
                for index in 1...2 {
                    Button("Window \(index)") {}
                }
            })
            XCTAssertEqual(MenuModelReader.read(rendered.menuModel).map(\.label),
                           ["Hide Hidden Files", "a.txt", "b.txt", "Window 1", "Window 2"])
        }
    }
}
