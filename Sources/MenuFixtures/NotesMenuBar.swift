import GMenuKit

/// A realistic application menu bar (File, Edit, View, Format, Window, Help) of a notes
/// application, shared by the tests and the benchmark so that both measure the same menus.
public enum NotesMenuBar {
    /// The menus, written as the guidelines ask: about 120 items in six menus with submenus.
    @MainActor @MenuContentBuilder
    public static func menus() -> any MenuContent {
        let recentNotes = ["groceries.md", "trip to lisbon.md", "meeting notes 2026-11-30.md", "ideas.txt"]
        let openWindows = ["untitled", "untitled 2", "trip to lisbon"]
        Menu("File") {
            Button("New Note") {}.keyboardShortcut("<Control>n")
            Button("New Window") {}.keyboardShortcut("<Shift><Control>n")
            Button("Open…") {}.keyboardShortcut("<Control>o")
            Menu("Open Recent") {
                ForEach(recentNotes, id: \.self) { name in Button(name) {} }
                    .generatedContent()
                Divider()
                Button("Clear Menu") {}
            }
            Divider()
            Button("Close") {}.keyboardShortcut("<Control>w")
            Button("Save") {}.keyboardShortcut("<Control>s")
            Button("Save As…") {}.keyboardShortcut("<Shift><Control>s")
            Button("Duplicate") {}
            Button("Rename…") {}
            Menu("Revert To") {
                Button("Last Saved Version") {}
                Button("Browse All Versions…") {}
            }
            Divider()
            Button("Export as PDF…") {}
            Menu("Share", icon: "emblem-shared-symbolic") {
                Button("Mail") {}
                Button("Messages") {}
                Button("Copy Link") {}
            }
            Menu("Accounts") {
                Button("Take All Accounts Online") {}.disabled()
                Button("Take All Accounts Offline") {}
                Divider()
                Button("iCloud Settings") {}
                Button("Add Account…") {}
            }
            Divider()
            Button("Page Setup…") {}
            Button("Print…") {}.keyboardShortcut("<Control>p")
            Divider()
            Button("Delete Note", role: .destructive) {}
            Button("Quit", actionName: "app.quit").keyboardShortcut("<Control>q")
        }
        Menu("Edit") {
            Button("Undo Typing") {}.keyboardShortcut("<Control>z")
            Button("Redo") {}.keyboardShortcut("<Shift><Control>z").disabled()
            Divider()
            Button("Cut") {}.keyboardShortcut("<Control>x")
            Button("Copy") {}.keyboardShortcut("<Control>c")
            Button("Paste") {}.keyboardShortcut("<Control>v")
            Button("Paste and Match Style") {}.keyboardShortcut("<Shift><Control>v")
            Button("Delete") {}
            Button("Select All") {}.keyboardShortcut("<Control>a")
            Divider()
            Menu("Find") {
                Button("Find…") {}.keyboardShortcut("<Control>f")
                Button("Find and Replace…") {}.keyboardShortcut("<Control>h")
                Button("Find Next") {}.keyboardShortcut("<Control>g")
                Button("Find Previous") {}.keyboardShortcut("<Shift><Control>g")
                Button("Use Selection for Find") {}.keyboardShortcut("<Control>e")
                Button("Jump to Selection") {}.keyboardShortcut("<Control>j")
            }
            Menu("Spelling and Grammar") {
                Button("Show Spelling and Grammar") {}
                Button("Check Document Now") {}
                Divider()
                Toggle("Check Spelling While Typing", isOn: .constant(true))
                Toggle("Check Grammar With Spelling", isOn: .constant(false))
                Toggle("Correct Spelling Automatically", isOn: .constant(true))
            }
            Menu("Substitutions") {
                Button("Show Substitutions") {}
                Divider()
                Toggle("Smart Copy/Paste", isOn: .constant(true))
                Toggle("Smart Quotes", isOn: .constant(true))
                Toggle("Smart Dashes", isOn: .constant(true))
                Toggle("Smart Links", isOn: .constant(false))
                Toggle("Text Replacement", isOn: .constant(true))
            }
            Menu("Transformations") {
                Button("Make Upper Case") {}
                Button("Make Lower Case") {}
                Button("Capitalize") {}
            }
            Menu("Speech") {
                Button("Start Speaking") {}
                Button("Stop Speaking") {}.disabled()
            }
            Divider()
            Button("Emoji & Symbols") {}
        }
        Menu("View") {
            Button("Hide Toolbar") {}
            Button("Customize Toolbar…") {}
            Divider()
            Button("Show Sidebar") {}.keyboardShortcut("<Control><Alt>s")
            Button("Show Tab Bar") {}
            Toggle("Show Word Count", isOn: .constant(false))
            Divider()
            Picker("Sort Notes By", selection: .constant("modified")) {
                Text("Title").tag("title")
                Text("Date Created").tag("created")
                Text("Date Modified").tag("modified")
            }
            .pickerStyle(.menu)
            Picker("Layout", selection: .constant("list")) {
                Label("List", icon: "view-list-symbolic").tag("list")
                Label("Gallery", icon: "view-grid-symbolic").tag("gallery")
            }
            .pickerStyle(.palette)
            Divider()
            ControlGroup {
                Button("Zoom Out", icon: "zoom-out-symbolic") {}.keyboardShortcut("<Control>minus")
                Button("Actual Size", icon: "zoom-original-symbolic") {}.keyboardShortcut("<Control>0")
                Button("Zoom In", icon: "zoom-in-symbolic") {}.keyboardShortcut("<Control>plus")
            }
            .menuActionDismissBehavior(.disabled)
            Stepper("Font Size: 13", value: .constant(13), in: 8...72)
            Divider()
            Button("Enter Full Screen") {}.keyboardShortcut("F11")
        }
        Menu("Format") {
            Menu("Font") {
                Button("Show Fonts") {}
                Toggle("Bold", isOn: .constant(false)).keyboardShortcut("<Control>b")
                Toggle("Italic", isOn: .constant(false)).keyboardShortcut("<Control>i")
                Toggle("Underline", isOn: .constant(false)).keyboardShortcut("<Control>u")
                Button("Bigger") {}
                Button("Smaller") {}
            }
            Menu("Text") {
                Picker("Alignment", selection: .constant("left")) {
                    Text("Align Left").tag("left")
                    Text("Center").tag("center")
                    Text("Justify").tag("justify")
                    Text("Align Right").tag("right")
                }
                Divider()
                Button("Writing Direction…") {}
            }
            Divider()
            Button("Plain") {}
            Button("Make Plain Text") {}
            Toggle("Allow Hyphenation", isOn: .constant(false))
            Toggle("Prevent Editing", isOn: .constant(false))
            Divider()
            Button("Wrap to Page") {}
        }
        Menu("Window") {
            Button("Minimize") {}.keyboardShortcut("<Control>m")
            Button("Zoom") {}
            Divider()
            Button("Tile Window to Left of Screen") {}
            Button("Tile Window to Right of Screen") {}
            Divider()
            Button("Bring All to Front") {}
            Divider()
            ForEach(openWindows, id: \.self) { title in Button(title) {} }
                .generatedContent()
        }
        Menu("Help") {
            Button("Notes Help") {}.keyboardShortcut("F1")
            Button("Keyboard Shortcuts") {}.keyboardShortcut("<Control>question")
            Divider()
            Button("What’s New in Notes") {}
            Button("Send Feedback…") {}
            Button("About Notes") {}
        }
    }
}

extension Array where Element == MenuNode {
    /// Everything a person could choose or open, picker options included: what "items" means
    /// when the tests and the benchmark speak of a menu's size.
    package var choosableItemCount: Int {
        reduce(0) { count, node in
            switch node.kind {
            case .divider: count
            case .section, .controlGroup: count + node.children.choosableItemCount
            case .submenu: count + 1 + node.children.choosableItemCount
            case .picker(let choice): count + 1 + choice.options.count
            default: count + 1
            }
        }
    }
}
