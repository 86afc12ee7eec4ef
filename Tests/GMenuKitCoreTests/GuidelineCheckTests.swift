import XCTest

import GMenuKitCore

/// The guideline checker, rule by rule: a menu that breaks a rule gets exactly the expected
/// diagnostic (rule, severity, path and suggestion), and a menu that keeps it gets none.
final class GuidelineCheckTests: XCTestCase {
    // MARK: Labels

    func testLowercaseWordsAndCapitalizedSmallWordsBreakTitleStyle() {
        MainActor.assumeIsolated {
            let menu = Menu("Note") {
                Button("Sort by date") {}
                Button("Open In New Window") {}
                Section("Sharing") {
                    Button("copy link To Note") {}
                }
            }
            XCTAssertEqual(findings(menu), [
                "L2 warning Note › Sort by date → Sort by Date",
                "L2 warning Note › Open In New Window → Open in New Window",
                "L2 warning Note › Sharing › copy link To Note → Copy Link to Note",
            ])
        }
    }

    func testTitleStyleLeavesNamesAcronymsNumbersAndVerbParticlesAlone() {
        MainActor.assumeIsolated {
            let labels = [
                "iCloud Settings", "Export as PDF…", "Turn HDR On", "Zoom In", "Set Up Printer…",
                "Log Out Jane Appleseed…", "Paste and Match Style", "Bring All to Front", "Show in Finder",
                "Check for Updates…", "Open With Text Editor", "Open with Text Editor", "Print on Both Sides",
                "Visit example.com", "A4 Paper", "Wi-Fi Settings", "Built-in Display", "macOS Help",
                "Look Up “the word”", "Font Size: Large", "Sort By", "Back Up Now", "What’s New in Notes",
            ]
            for label in labels {
                let menu = Menu("Note") {
                    Button(label) {}
                    Button("Copy") {}
                    Button("Paste") {}
                }
                XCTAssertEqual(findings(menu), [], label)
            }
        }
    }

    func testArticlesAreLeftOut() {
        MainActor.assumeIsolated {
            let menu = Menu("Note") {
                Button("View the Settings") {}
                Button("Add a Bookmark") {}
                Button("The Sidebar") {}
            }
            XCTAssertEqual(findings(menu), [
                "L3 hint Note › View the Settings → View Settings",
                "L3 hint Note › Add a Bookmark → Add Bookmark",
                "L3 hint Note › The Sidebar → Sidebar",
            ])
        }
    }

    func testLettersAndQuotedWordsAreNotArticles() {
        MainActor.assumeIsolated {
            let menu = Menu("Note") {
                Button("Column A") {}
                Button("Plan A: Draft") {}
                Button("Search for “the”") {}
                Button("Take All Accounts Offline") {}
            }
            XCTAssertEqual(findings(menu), [])
        }
    }

    func testThreeDotsAreAWarning() {
        MainActor.assumeIsolated {
            let menu = Menu("Note") {
                Button("Find and Replace...") {}
                Menu("Move To...") {
                    Button("Inbox") {}
                }
                Button("Copy") {}
                Picker("Size", selection: .constant(1)) {
                    Text("Small").tag(1)
                    Text("Other...").tag(2)
                }
            }
            XCTAssertEqual(findings(menu), [
                "L4 warning Note › Find and Replace... → Find and Replace…",
                "L4 warning Note › Move To... → Move To…",
                "L4 warning Note › Size › Other... → Other…",
            ])
        }
    }

    func testCommandsThatAskForMoreWithoutEllipsisAreWarned() {
        MainActor.assumeIsolated {
            let menu = Menu("Note") {
                Button("Save As") {}
                Button("Export as PDF") {}
                Button("Go to Line") {}
                Button("Print") {}
            }
            XCTAssertEqual(findings(menu), [
                "L4 warning Note › Save As → Save As…",
                "L4 warning Note › Export as PDF → Export as PDF…",
                "L4 warning Note › Go to Line → Go to Line…",
                "L4 warning Note › Print → Print…",
            ])
        }
    }

    func testOpenAsksForAFileOnlyInAMenuBar() {
        MainActor.assumeIsolated {
            let fileMenu = Menu("File") {
                Button("New") {}
                Button("Open") {}
                Button("Close") {}
            }
            XCTAssertEqual(findings(Menu("") { fileMenu }, context: .menuBar), ["L4 warning File › Open → Open…"])
            // On a selection, "Open" opens it: nothing more to ask.
            XCTAssertEqual(findings(fileMenu, context: .contextMenu), [])
            XCTAssertEqual(findings(fileMenu, context: .pullDown), [])
        }
    }

    func testWellFormedLabelsGetNoDiagnostic() {
        MainActor.assumeIsolated {
            let labels = [
                "Save As…", "Go to Line…", "Open in New Window", "Turn HDR On", "Take All Accounts Offline",
                "iCloud Settings", "Export as PDF…",
            ]
            let menu = Menu("Note") { for label in labels { Button(label) {} } }
            for context in [MenuContext.pullDown, .contextMenu] {
                XCTAssertEqual(findings(menu, context: context), [], "\(context)")
            }
            XCTAssertEqual(findings(Menu("") { menu }, context: .menuBar), [])
            // Each one alone, as a toggle as well, with nothing around it that could hide a finding.
            for label in labels {
                let single = Menu("Note") { Toggle(label, isOn: .constant(true)) }
                XCTAssertEqual(MenuGuidelines.check(single, context: .contextMenu), [], label)
                XCTAssertEqual(MenuGuidelines.check(single, context: .submenu), [], label)
            }
        }
    }

    func testShortcutsInContextMenus() {
        MainActor.assumeIsolated {
            XCTAssertEqual(findings(Menu("") { Self.itemsWithShortcuts() }, context: .contextMenu), [
                "L5 warning Copy",
                "L5 warning Share › Mail",
            ])
            XCTAssertEqual(findings(Menu("Note") { Self.itemsWithShortcuts() }, context: .pullDown), [])
        }
    }

    // MARK: Icons

    func testIconOnEveryItemOfAGroup() {
        MainActor.assumeIsolated {
            let menu = Menu("Note") {
                Button("Cut", icon: "edit-cut-symbolic") {}
                Button("Copy", icon: "edit-copy-symbolic") {}
                Button("Paste", icon: "edit-paste-symbolic") {}
                Divider()
                Button("Quit") {}
            }
            XCTAssertEqual(findings(menu), ["I3 hint Note › Cut"])
        }
    }

    func testSameIconRepeatedInAGroup() {
        MainActor.assumeIsolated {
            let menu = Menu("Note") {
                Button("Sort Ascending", icon: "view-sort-symbolic") {}
                Button("Sort Descending", icon: "view-sort-symbolic") {}
                Button("Shuffle") {}
            }
            XCTAssertEqual(findings(menu), ["I3 warning Note › Sort Descending"])
        }
    }

    func testOneIconIntroducingAGroupAndIconicRowsAreFine() {
        MainActor.assumeIsolated {
            let menu = Menu("Note") {
                Button("Share", icon: "emblem-shared-symbolic") {}
                Button("Mail") {}
                Button("Messages") {}
                Divider()
                // The same icon in another group is the same action shown the same way (I1).
                Button("Share Again", icon: "emblem-shared-symbolic") {}
                ControlGroup {
                    Button("Cut", icon: "edit-cut-symbolic") {}
                    Button("Copy", icon: "edit-copy-symbolic") {}
                    Button("Paste", icon: "edit-paste-symbolic") {}
                }
                Picker("Alignment", selection: .constant("left")) {
                    Label("Left", icon: "format-justify-left-symbolic").tag("left")
                    Label("Center", icon: "format-justify-center-symbolic").tag("center")
                    Label("Right", icon: "format-justify-right-symbolic").tag("right")
                }
                .pickerStyle(.palette)
            }
            XCTAssertEqual(findings(menu), [])
        }
    }

    // MARK: Availability

    func testMenuWithEveryItemUnavailable() {
        MainActor.assumeIsolated {
            let menu = Menu("Edit") {
                Button("Undo") {}.disabled()
                Button("Redo") {}.disabled()
                Menu("Transformations") {
                    Button("Make Upper Case") {}
                    Button("Make Lower Case") {}
                }
                .disabled()
            }
            // Only the outermost menu: its submenu is unavailable because the whole menu is.
            XCTAssertEqual(findings(menu), ["A2 hint Edit"])
        }
    }

    func testSubmenuWithEveryItemUnavailable() {
        MainActor.assumeIsolated {
            let menu = Menu("Note") {
                Button("Copy") {}
                Menu("Share") {
                    Button("Mail") {}
                    Button("Messages") {}
                }
                .disabled()
                Menu("Move To") {
                    Button("Inbox") {}.disabled()
                    Picker("Folder", selection: .constant(1)) {
                        Text("Archive").tag(1).disabled()
                    }
                }
            }
            XCTAssertEqual(findings(menu), ["A3 hint Note › Share", "A3 hint Note › Move To"])
        }
    }

    func testMenuWithOneAvailableItemIsFine() {
        MainActor.assumeIsolated {
            let menu = Menu("Edit") {
                Button("Undo") {}.disabled()
                Button("Redo") {}.disabled()
                Menu("Transformations") {
                    Button("Make Upper Case") {}.disabled()
                    Button("Make Lower Case") {}
                }
            }
            XCTAssertEqual(findings(menu), [])
        }
    }

    // MARK: Organization

    func testLongMenu() {
        MainActor.assumeIsolated {
            let menu = Menu("Bookmarks") {
                ForEach(1...21, id: \.self) { number in Button("Bookmark \(number)") {} }
            }
            XCTAssertEqual(findings(menu), ["O4 warning Bookmarks"])
            let twenty = Menu("Bookmarks") {
                ForEach(1...20, id: \.self) { number in Button("Bookmark \(number)") {} }
            }
            XCTAssertEqual(findings(twenty), [])
        }
    }

    func testGeneratedContentMayBeLong() {
        MainActor.assumeIsolated {
            let history = (1...40).map { "page \($0) — the news..." }
            let menu = Menu("History") {
                Button("Back") {}
                Button("Forward") {}
                Button("Home") {}
                Divider()
                ForEach(history, id: \.self) { title in Button(title) {} }
                    .generatedContent()
            }
            // Neither the length nor the labels people's pages have count against the menu.
            XCTAssertEqual(findings(menu), [])
        }
    }

    // MARK: Submenus

    func testRepeatedTermSuggestsASubmenu() {
        MainActor.assumeIsolated {
            let menuBar = Menu("") {
                Menu("Edit") {
                    Button("Sort by Date") {}
                    Button("Sort by Score") {}
                    Button("Sort by Time") {}
                    Divider()
                    Button("Move Tab to Left") {}
                    Button("Move Tab to Right") {}
                    Button("Move Tab to New Window") {}
                }
            }
            XCTAssertEqual(findings(menuBar, context: .menuBar), [
                "S2 hint Edit › Sort by Date → Sort By › Date, Score, Time",
                "S2 hint Edit › Move Tab to Left → Move Tab To › Left, Right, New Window",
            ])
        }
    }

    func testSharedVerbsAndPairsAreNotRepeatedTerms() {
        MainActor.assumeIsolated {
            let menu = Menu("View") {
                Button("Show Toolbar") {}
                Button("Show Sidebar") {}
                Button("Show Map") {}
                Divider()
                Button("Sort by Date") {}
                Button("Sort by Score") {}
                Divider()
                Button("Sort by Time") {}
            }
            XCTAssertEqual(findings(menu), [])
        }
    }

    func testSubmenuInsideASubmenu() {
        MainActor.assumeIsolated {
            let menu = Menu("View") {
                Button("Actual Size") {}
                Menu("Zoom") {
                    Button("Zoom In") {}
                    Menu("Presets") {
                        Button("Half Size") {}
                        Menu("Custom") {
                            Button("Quarter Size") {}
                        }
                    }
                    Picker("Zoom Steps", selection: .constant(1)) {
                        Text("Fine").tag(1)
                        Text("Coarse").tag(2)
                    }
                    .pickerStyle(.menu)
                }
                Button("Enter Full Screen") {}
            }
            // The deepest level is not reported again inside the one already reported.
            XCTAssertEqual(findings(menu), [
                "S3 warning View › Zoom › Presets",
                "S3 warning View › Zoom › Zoom Steps",
            ])
            let share = Menu("Share") {
                Button("Mail") {}
                Menu("More") { Button("Messages") {} }
            }
            XCTAssertEqual(findings(share, context: .submenu), ["S3 warning Share › More"])
        }
    }

    func testSubmenuOfMoreThanAboutFiveItems() {
        MainActor.assumeIsolated {
            let menu = Menu("Format") {
                Button("Plain") {}
                Menu("Font") {
                    ForEach(["Bold", "Italic", "Underline", "Outline", "Bigger", "Smaller", "Kern"], id: \.self) { title in
                        Button(title) {}
                    }
                }
                Menu("Open Recent") {
                    ForEach((1...12).map { "notes-\($0).txt" }, id: \.self) { name in Button(name) {} }
                        .generatedContent()
                    Divider()
                    Button("Clear Menu") {}
                }
                Menu("Text") {
                    ForEach(["Align Left", "Center", "Justify", "Align Right", "Writing Direction", "Ruler"], id: \.self) {
                        title in Button(title) {}
                    }
                }
            }
            XCTAssertEqual(findings(menu), ["S3 hint Format › Font"])
        }
    }

    // MARK: Pull-down and pop-up buttons

    func testPullDownWithFewerThanThreeItems() {
        MainActor.assumeIsolated {
            let two = Menu("Add") {
                Button("Add Photo") {}
                Button("Add Video") {}
            }
            XCTAssertEqual(findings(two), ["P4 warning Add"])
            XCTAssertEqual(findings(two, context: .contextMenu), [])
            let three = Menu("Add") {
                Button("Add Photo") {}
                Button("Add Video") {}
                Button("Add Link") {}
            }
            XCTAssertEqual(findings(three), [])
        }
    }

    func testDestructiveItemWithoutConfirmation() {
        MainActor.assumeIsolated {
            let menu = Menu("Note") {
                Button("Duplicate") {}
                Button("Archive") {}
                Button("Delete Note", role: .destructive) {}.confirmationDisabled()
            }
            XCTAssertEqual(findings(menu), ["P6 warning Note › Delete Note"])
            let confirmed = Menu("Note") {
                Button("Duplicate") {}
                Button("Archive") {}
                Button("Delete Note", role: .destructive) {}
            }
            XCTAssertEqual(findings(confirmed), [])
        }
    }

    func testPopUpWithActionsToggleAndSubmenu() {
        MainActor.assumeIsolated {
            let menu = Menu("Sort Order") {
                Picker("", selection: .constant("name")) {
                    Text("Name").tag("name")
                    Text("Date").tag("date")
                    Text("Size").tag("size")
                }
                Divider()
                Button("Reverse") {}
                Toggle("Folders First", isOn: .constant(true))
                Menu("More Keys") {
                    Button("Kind") {}
                }
                Stepper("Columns: 2", value: .constant(2), in: 1...4)
            }
            XCTAssertEqual(findings(menu, context: .popUp), [
                "U1 error Sort Order › Reverse",
                "U1 error Sort Order › Folders First",
                "U1 error Sort Order › More Keys",
                "U1 error Sort Order › Columns: 2",
            ])
        }
    }

    func testPopUpOfOptionsWithACustomValue() {
        MainActor.assumeIsolated {
            let menu = Menu("Paper Size") {
                Picker("", selection: .constant("a4")) {
                    Text("A4").tag("a4")
                    Text("US Letter").tag("letter")
                    Text("US Legal").tag("legal")
                }
                Divider()
                Button("Custom…") {}
            }
            XCTAssertEqual(findings(menu, context: .popUp), [])
        }
    }

    func testPopUpWithoutADefault() {
        MainActor.assumeIsolated {
            let menu = { (selection: Int) in
                Menu("Font Size") {
                    Picker("", selection: .constant(selection)) {
                        Text("Small").tag(10)
                        Text("Medium").tag(12)
                        Text("Large").tag(14)
                    }
                }
            }
            XCTAssertEqual(findings(menu(13), context: .popUp), ["U3 warning Font Size"])
            XCTAssertEqual(findings(menu(12), context: .popUp), [])
        }
    }

    // MARK: Toggled items

    func testOnOffLabelsWithoutAVerb() {
        MainActor.assumeIsolated {
            let menu = Menu("Camera") {
                Toggle("HDR On", isOn: .constant(true))
                Button("Sound off") {}
                Button("Take Photo") {}
            }
            XCTAssertEqual(findings(menu), [
                "T2 warning Camera › HDR On → Turn HDR On",
                "L2 warning Camera › Sound off → Sound Off",
                "T2 warning Camera › Sound off → Turn Sound Off",
            ])
        }
    }

    func testOnOffLabelsWithAVerbOrAsStates() {
        MainActor.assumeIsolated {
            let menu = Menu("Camera") {
                Toggle("Turn HDR On", isOn: .constant(true))
                Button("Log Off") {}
                Button("Take All Accounts Offline") {}
                Button("HDR: On") {}
                Picker("Flash", selection: .constant(true)) {
                    Text("On").tag(true)
                    Text("Off").tag(false)
                }
            }
            XCTAssertEqual(findings(menu), [])
        }
    }

    func testResolvedNodesAreCheckedLikeTheMenu() {
        MainActor.assumeIsolated {
            let menu = Menu("Note") {
                Button("Sort by date") {}
                Button("Copy") {}
            }
            let diagnostics = MenuGuidelines.check(menu)
            XCTAssertEqual(diagnostics.map(\.rule), ["P4", "L2"])
            XCTAssertEqual(MenuGuidelines.check(menu.resolveContent(), title: "Note"), diagnostics)

            // Flags set on nodes directly, as another front end to the model would.
            var recent = MenuNode(identity: MenuIdentity("/recent"), title: "trip to lisbon.md", kind: .button(.perform {}))
            recent.isGeneratedContent = true
            var erase = MenuNode(identity: MenuIdentity("/erase"), title: "Erase Disk", kind: .button(.perform {}))
            erase.role = .destructive
            erase.confirmsBeforeActing = false
            let found = MenuGuidelines.check([recent, erase], context: .contextMenu)
            XCTAssertEqual(found.map(\.rule), ["P6"])
            XCTAssertEqual(found.first?.path, "Erase Disk")
        }
    }

    // MARK: Support

    @MainActor @MenuContentBuilder
    private static func itemsWithShortcuts() -> any MenuContent {
        Button("Copy") {}.keyboardShortcut("<Control>c")
        Button("Paste") {}
        Menu("Share") {
            Button("Mail") {}.keyboardShortcut("<Control>e")
        }
    }
}

/// A diagnostic without its message, which may be reworded freely: "L2 warning Edit › sort → Sort".
@MainActor
private func findings(_ menu: Menu, context: MenuContext = .pullDown) -> [String] {
    MenuGuidelines.check(menu, context: context).map { diagnostic in
        var text = "\(diagnostic.rule ?? "-") \(diagnostic.severity.rawValue) \(diagnostic.path)"
        if let suggestion = diagnostic.suggestion { text += " → \(suggestion)" }
        return text
    }
}
