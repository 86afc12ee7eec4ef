import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// GMenuKitTesting's real input (MenuDriver): menus opened and items chosen by path with real
/// clicks and keys on a real display, and nothing left behind, a failure included.
final class MenuDriverTests: GtkTestCase {
    @MainActor
    private final class Log { var chosen: [String] = [] }

    @MainActor
    private static func editMenu(_ log: Log) -> Menu {
        Menu("Edit") {
            Button("Cut") { log.chosen.append("cut") }
            Button("Copy") { log.chosen.append("copy") }
            Menu("Sort By") {
                Button("Name") { log.chosen.append("name") }
                Button("Date") { log.chosen.append("date") }
            }
            Section("Export") {
                Button("Save As…") { log.chosen.append("save as") }
            }
        }
    }

    /// Nothing of the test is left: no window, no popover shown.
    @MainActor
    private static func assertNothingLeft(_ driver: MenuDriver, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(driver.isOpen, "no popover of the menu is shown", file: file, line: line)
        XCTAssertEqual(TestWindow.openWindows.count, 0, "no window is left", file: file, line: line)
    }

    func testANestedItemOfAPullDownIsChosenByPathWithThePointer() throws {
        try GtkSession.start()
        try onMain {
            let log = Log()
            let control = PullDownButton(Self.editMenu(log))
            let window = try TestWindow(titled: "Driver Pointer", child: control.widget)
            let driver = MenuDriver(control)
            XCTAssertEqual(try driver.choose("Sort By", "Date"), .closed)
            XCTAssertEqual(log.chosen, ["date"], "the item's closure ran once")
            XCTAssertFalse(driver.isOpen, "choosing closed the menu")
            XCTAssertEqual(try driver.choose("Save As"), .closed, "a section is passed through; the ellipsis may be left out")
            XCTAssertEqual(try driver.choose("Export", "Save As…"), .closed, "a section's header narrows the path")
            XCTAssertEqual(log.chosen, ["date", "save as", "save as"])
            window.close()
            Self.assertNothingLeft(driver)
        }
    }

    func testANestedItemOfAPullDownIsChosenByPathWithKeys() throws {
        try GtkSession.start()
        try onMain {
            let log = Log()
            let control = PullDownButton(Self.editMenu(log))
            let window = try TestWindow(titled: "Driver Keys", child: control.widget)
            let driver = MenuDriver(control)
            XCTAssertEqual(try driver.choose("Sort By", "Date", using: .keys), .closed)
            XCTAssertEqual(log.chosen, ["date"], "the item's closure ran once")
            XCTAssertEqual(try driver.choose("Copy", using: .keys), .closed)
            XCTAssertEqual(log.chosen, ["date", "copy"])
            window.close()
            Self.assertNothingLeft(driver)
        }
    }

    func testAToggleIsChosenThroughAMenuBarWithThePointerAndWithKeys() throws {
        try GtkSession.start()
        try onMain {
            final class Model { var sidebar = false; var ruler = false }
            let model = Model()
            let bar = MenuBar {
                Menu("File") { Button("New") {} }
                Menu("View") {
                    Toggle("Show Sidebar", isOn: Binding(get: { model.sidebar }, set: { model.sidebar = $0 }))
                    Menu("Rulers") {
                        Toggle("Show Ruler", isOn: Binding(get: { model.ruler }, set: { model.ruler = $0 }))
                    }
                }
            }
            let window = try TestWindow(titled: "Driver Bar", child: bar.widget)
            let driver = MenuDriver(bar)
            XCTAssertEqual(driver.shownItems.map(\.title), ["File", "View"], "closed, the bar shows its menus' titles")
            XCTAssertEqual(try driver.choose("View", "Show Sidebar"), .closed)
            XCTAssertTrue(model.sidebar, "the toggle chosen with the pointer is on")
            XCTAssertEqual(try driver.choose("View", "Rulers", "Show Ruler", using: .keys), .closed)
            XCTAssertTrue(model.ruler, "the toggle chosen with F10, arrows and Return is on")
            XCTAssertEqual(try driver.choose("View", "Show Sidebar", using: .keys), .closed)
            XCTAssertFalse(model.sidebar, "and chosen again, off")
            window.close()
            Self.assertNothingLeft(driver)
        }
    }

    func testAMissingPathFailsWithWhatTheLevelShowsAndLeavesNothingOpen() throws {
        try GtkSession.start()
        try onMain {
            let log = Log()
            let control = PullDownButton(Self.editMenu(log))
            let window = try TestWindow(titled: "Driver Missing", child: control.widget)
            defer { window.close() }
            let driver = MenuDriver(control)
            for input in [MenuDriver.Input.pointer, .keys] {
                XCTAssertThrowsError(try driver.choose("Sort By", "Size", using: input)) { error in
                    let message = (error as? MenuTestFailure)?.description ?? ""
                    XCTAssertTrue(message.contains("no item 'Size' in Sort By (items there: 'Name', 'Date')"), message)
                }
                XCTAssertFalse(driver.isOpen, "the failure closed the menu and its submenu")
                XCTAssertEqual(window.shownPopovers.count, 0)
            }
            XCTAssertThrowsError(try driver.choose("Cut", "Paste")) { error in
                XCTAssertTrue("\(error)".contains("'Cut' has no items; the path goes on with 'Paste'"), "\(error)")
            }
            XCTAssertThrowsError(try driver.choose("Paste")) { error in
                XCTAssertTrue("\(error)".contains("items there: 'Cut', 'Copy', 'Sort By ›', 'Save As…'"), "\(error)")
            }
            XCTAssertFalse(driver.isOpen)
            XCTAssertEqual(log.chosen, [], "nothing was chosen")
        }
    }

    func testAnItemThatKeepsTheMenuOpenIsReportedSoAndAContextMenuOpensWithASecondaryClick() throws {
        try GtkSession.start()
        try onMain {
            final class Model { var wrap = false }
            let model = Model()
            let log = Log()
            let area = gtk_button_new_with_label("Note")!
            gtk_widget_set_size_request(area, 200, 100)
            ContextMenu(Menu("Note") {
                Toggle("Wrap Lines", isOn: Binding(get: { model.wrap }, set: { model.wrap = $0 }))
                    .menuActionDismissBehavior(.disabled)
                Button("Copy") { log.chosen.append("copy") }
            }, attachedTo: area)
            let window = try TestWindow(titled: "Driver Context", child: area)
            let driver = MenuDriver(contextMenuOn: area)
            XCTAssertEqual(try driver.choose("Wrap Lines"), .keptOpen, "the toggle keeps the menu open, and the driver says so")
            XCTAssertTrue(model.wrap)
            XCTAssertTrue(driver.isOpen)
            XCTAssertEqual(try driver.choose("Copy"), .closed, "the open menu is walked from where it is")
            XCTAssertEqual(log.chosen, ["copy"])
            XCTAssertEqual(try driver.choose("Wrap Lines", using: .keys), .keptOpen, "Shift+F10 opens it, Return keeps it open")
            XCTAssertFalse(model.wrap)
            try driver.closeWithEscape()
            XCTAssertFalse(driver.isOpen, "Escape closed it")
            window.close()
            Self.assertNothingLeft(driver)
        }
    }
}
