import XCTest

import GMenuKitCore

/// The GNOME HIG profile (`style: .gnome`), rule by rule, on labels from GNOME apps' menus:
/// a menu that breaks a rule gets exactly the expected diagnostics, one that keeps it none.
final class GnomeGuidelineTests: XCTestCase {
    // MARK: G1 header capitalization

    func testFourLetterWordsVerbsAndTheLastWordAreCapitalized() {
        MainActor.assumeIsolated {
            let menu = Menu("Files") {
                Button("Open with Other Application") {}.mnemonic("o")
                Button("Import from File…") {}.mnemonic("i")
                Button("Move into Folder") {}.mnemonic("m")
                Button("Document Cannot be Found") {}.mnemonic("d")
                Button("Run a self-test") {}.mnemonic("r")
                Button("Zoom in") {}.mnemonic("z")
            }
            XCTAssertEqual(findings(menu), [
                "G1 warning Files › Open with Other Application → Open With Other Application",
                "G1 warning Files › Import from File… → Import From File…",
                "G1 warning Files › Move into Folder → Move Into Folder",
                "G1 warning Files › Document Cannot be Found → Document Cannot Be Found",
                "G1 warning Files › Run a self-test → Run a Self-Test",
                "G1 warning Files › Zoom in → Zoom In",
            ])
        }
    }

    func testShortFunctionWordsAreLowercaseInsideALabel() {
        MainActor.assumeIsolated {
            let menu = Menu("Tabs") {
                Button("Open In New Tab") {}.mnemonic("o")
                Button("Find And Replace…") {}.mnemonic("f")
                Button("Sort By Name") {}.mnemonic("s")
            }
            XCTAssertEqual(findings(menu), [
                "G1 warning Tabs › Open In New Tab → Open in New Tab",
                "G1 warning Tabs › Find And Replace… → Find and Replace…",
                "G1 warning Tabs › Sort By Name → Sort by Name",
            ])
        }
    }

    func testTheHIGsOwnExamplesAndGnomeLabelsPass() {
        MainActor.assumeIsolated {
            // The HIG's examples, then labels of nautilus, gnome-text-editor and gnome-console.
            let labels = [
                "Create a Document", "Find and Replace…", "Document Cannot Be Found", "Run as a Program",
                "Open in New Tab", "Open With Other Application", "Show Hidden Files", "Keyboard Shortcuts",
                "About Text Editor", "Move to Trash", "Sign In to Account", "Zoom In", "Add to Bookmarks",
                "New Window", "Wi-Fi Settings", "Self-Test", "Open in Console", "Sort by Name", "Left-to-Right", "Move to…",
            ]
            for label in labels {
                let menu = Menu("Menu") {
                    Button(label) {}.mnemonic(at: 0)
                    Button("Undo") {}.mnemonic("u")
                    Button("Paste") {}.mnemonic("p")
                }
                XCTAssertEqual(findings(menu), [], label)
            }
        }
    }

    func testSectionHeadingsTakeHeaderCapitalizationToo() {
        MainActor.assumeIsolated {
            let menu = Menu("View") {
                Section("sort files by") {
                    Button("Name") {}.mnemonic("n")
                    Button("Size") {}.mnemonic("s")
                    Button("Type") {}.mnemonic("t")
                }
            }
            XCTAssertEqual(findings(menu), ["G1 warning View › sort files by → Sort Files By"])
        }
    }

    // MARK: G2 ellipsis

    func testEllipsisWhereMoreInputFollowsAndNotAfterAWindowsName() {
        MainActor.assumeIsolated {
            let menu = Menu("Document") {
                Button("Save As") {}.mnemonic("a")
                Button("Print...") {}.mnemonic("p")
                Button("Preferences…") {}.mnemonic("e")
                Button("About Text Editor…") {}.mnemonic("t")
                Button("Find…") {}.mnemonic("f")
            }
            XCTAssertEqual(findings(menu), [
                "G2 warning Document › Save As → Save As…",
                "G2 warning Document › Print... → Print…",
                "G2 warning Document › Preferences… → Preferences",
                "G2 warning Document › About Text Editor… → About Text Editor",
            ])
        }
    }

    // MARK: G3, G4 access keys

    func testDuplicateAccessKeysInOneMenuAreErrorsAcrossSections() {
        MainActor.assumeIsolated {
            let menu = Menu("Tab") {
                Section {
                    Button("Move Left") {}.useUnderline()
                    Button("_Move Right") {}.useUnderline()
                }
                Section {
                    Button("_Move to New Window") {}.useUnderline()
                    Button("Close _Tab") {}.useUnderline()
                }
                // Another menu: its keys may repeat the menu's.
                Menu("_Sort") {
                    Button("_Move Up") {}.useUnderline()
                    Button("_Name") {}.useUnderline()
                    Button("_Type") {}.useUnderline()
                }.useUnderline()
            }
            XCTAssertEqual(findings(menu), [
                "G4 warning Tab › Move Left → Move _Left",
                "G3 error Tab › Move to New Window → Move to _New Window",
            ])
        }
    }

    func testAKeyChosenByPositionCountsAsTheItemsKey() {
        MainActor.assumeIsolated {
            let menu = Menu("Terminal") {
                Button("Open in Console") {}.mnemonic(at: 2)
                Button("Open in Files") {}.mnemonic("o")
                Button("Edit Profile") {}.mnemonic("d")
            }
            XCTAssertEqual(findings(menu), [])
            let clash = Menu("Terminal") {
                Button("Open in Console") {}.mnemonic("e")
                Button("Edit Profile") {}.mnemonic("e")
                Button("Reset") {}.mnemonic("r")
            }
            XCTAssertEqual(findings(clash), ["G3 error Terminal › Edit Profile → Edit _Profile"])
        }
    }

    // MARK: G5 size, G6 nesting

    func testMenusHoldThreeToTwelveItemsAndSubmenusThreeToSix() {
        MainActor.assumeIsolated {
            let long = Menu("Long") {
                ForEach(Array("abcdefghijklm"), id: \.self) { letter in
                    Button("Item \(letter)") {}.mnemonic(letter)
                }
            }
            XCTAssertEqual(findings(long).filter { $0.hasPrefix("G5") }, ["G5 warning Long"])
            let short = Menu("Short") {
                Button("Undo") {}.mnemonic("u")
                Menu("Share") {
                    Button("Email") {}.mnemonic("e")
                    Button("Link") {}.mnemonic("l")
                }.mnemonic("s")
            }
            XCTAssertEqual(findings(short), ["G5 warning Short", "G5 warning Short › Share"])
        }
    }

    func testNestedSubmenusAreReportedOnce() {
        MainActor.assumeIsolated {
            let menu = Menu("View") {
                Button("Zoom In") {}.mnemonic("z")
                Button("Reset") {}.mnemonic("r")
                Menu("More") {
                    Button("A") {}.mnemonic("a")
                    Button("B") {}.mnemonic("b")
                    Menu("Deeper") {
                        Button("C") {}.mnemonic("c")
                        Button("D") {}.mnemonic("d")
                        Menu("Deepest") {
                            Button("E") {}.mnemonic("e")
                            Button("F") {}.mnemonic("f")
                            Button("G") {}.mnemonic("g")
                        }.mnemonic("p")
                    }.mnemonic("d")
                }.mnemonic("m")
            }
            XCTAssertEqual(findings(menu), ["G6 warning View › More › Deeper"])
        }
    }

    // MARK: What GNOME allows and GMenuKit's own style does not

    func testContextMenuShortcutsAndArticlesAreFineInGnomeStyle() {
        MainActor.assumeIsolated {
            let menu = Menu("") {
                Button("Run as a Program") {}.keyboardShortcut("<Control>r").mnemonic("r")
                Button("Create a Document") {}.keyboardShortcut("<Control>n").mnemonic("c")
                Button("Copy") {}.keyboardShortcut("<Control>c").mnemonic("o")
            }
            XCTAssertEqual(findings(menu, context: .contextMenu), [])
            let apple = MenuGuidelines.check(menu, context: .contextMenu).compactMap(\.rule)
            XCTAssertEqual(apple, ["L3", "L5", "L3", "L5", "L5"], "GMenuKit's own rules still hold in its own style")
            let asked = MenuGuidelines.check(menu, context: .contextMenu, showsShortcuts: true).compactMap(\.rule)
            XCTAssertEqual(asked, ["L3", "L3"], "a context menu that shows its shortcuts because the app asked: no L5")
        }
    }

    func testDiagnosticsNameTheirNode() {
        MainActor.assumeIsolated {
            let menu = Menu("Tab") {
                Button("Close tab") {}.mnemonic("c").id("close")
                Button("Cut") {}.mnemonic("c").id("cut")
                Button("Undo") {}.id("undo")
            }
            // The menu's access keys are checked as a whole first, then each label.
            let found = MenuGuidelines.check(menu, style: .gnome).map { ($0.rule ?? "", $0.identity?.path ?? "") }
            XCTAssertEqual(found.map(\.0), ["G3", "G4", "G1"])
            XCTAssertEqual(found.map { $0.1.hasSuffix("cut") }, [true, false, false], "\(found)")
            XCTAssertEqual(found.map { $0.1.hasSuffix("undo") }, [false, true, false], "\(found)")
            XCTAssertEqual(found.map { $0.1.hasSuffix("close") }, [false, false, true], "\(found)")
        }
    }
}

@MainActor
private func findings(_ menu: Menu, context: MenuContext = .pullDown) -> [String] {
    MenuGuidelines.check(menu, context: context, style: .gnome).map { diagnostic in
        var text = "\(diagnostic.rule ?? "-") \(diagnostic.severity.rawValue) \(diagnostic.path)"
        if let suggestion = diagnostic.suggestion { text += " → \(suggestion)" }
        return text
    }
}
