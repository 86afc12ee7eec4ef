import CGtk
import XCTest

@testable import GMenuKit
import GMenuKitTesting

/// Borrowed actions with targets of any GVariant type, read back from the rendered model
/// through GIO; toggles and pickers of an app's stateful actions; type mismatches reported
/// with both types; hidden-when for borrowed and own items; O4 counting what always shows.
final class BorrowedActionTests: GtkTestCase {
    func testTargetsOfEveryTypeReachTheModelWithTheirType() throws {
        try GtkSession.start()
        onMain {
            let rendered = RenderedMenu(Menu("Tabs") {
                Button("Close", actionName: "win.close-tab", target: false)
                Button("Page 2", actionName: "win.page", target: Int32(2))
                Button("Offset", actionName: "win.offset", target: -7)
                Button("Zoom", actionName: "win.zoom", target: 1.5)
                Button("Open", actionName: "win.open", target: "it's \\ new")
                Button("By Name", actionName: "win.sort", target: ("name", false))
                Button("Triple", actionName: "win.triple", target: (UInt8(1), "a", [Int32(1), 2]))
                Button("Detailed", actionName: "win.close-tab(true)")
                Button("String", actionName: "win.open::recent")
                Button("Given", actionName: "win.sort", variantTarget: MenuActionTarget(type: "(sb)", text: "('size', true)"))
            })
            let items = MenuModelComparer.attributesOfItems(rendered.menuModel)
            let targets = items.map { $0["target"] }
            XCTAssertEqual(targets, ["false", "2", "int64 -7", "1.5", #""it's \\ new""#, "('name', false)",
                                     "(byte 0x01, 'a', [1, 2])", "true", "'recent'", "('size', true)"])
            XCTAssertEqual(items.map { $0["action"] }, ["'win.close-tab'", "'win.page'", "'win.offset'", "'win.zoom'", "'win.open'",
                                                       "'win.sort'", "'win.triple'", "'win.close-tab'", "'win.open'", "'win.sort'"])
            XCTAssertEqual(rendered.diagnostics, [])
        }
    }

    func testATargetThatIsNotOfItsTypeIsReportedAndDimmed() throws {
        try GtkSession.start()
        onMain {
            let rendered = RenderedMenu(Menu("Tabs") {
                Button("Bad", actionName: "win.sort", variantTarget: MenuActionTarget(type: "(sb)", text: "('name', 3)"))
                Button("Bad Name", actionName: "win.close-tab(")
            })
            let items = MenuModelComparer.attributesOfItems(rendered.menuModel)
            // Dimmed: they name the action that is never there.
            XCTAssertEqual(items[0]["action"], "'menu.Unavailable'")
            XCTAssertEqual(items[1]["action"], "'menu.Unavailable'")
            XCTAssertNil(items[0]["target"])
            XCTAssertEqual(rendered.diagnostics.count, 2, "\(rendered.diagnostics)")
            XCTAssertTrue(rendered.diagnostics[0].message.contains("is not a GVariant of type '(sb)'"), rendered.diagnostics[0].message)
            XCTAssertEqual(rendered.diagnostics[0].path, "Tabs › Bad")
            XCTAssertEqual(rendered.diagnostics[1].path, "Tabs › Bad Name")
        }
    }

    /// The check against the app's actions names the action's type and the item's.
    func testTypeMismatchesWithTheAppsActionsNameBothTypes() throws {
        try GtkSession.start()
        onMain {
            let group = g_simple_action_group_new()!
            func add(_ action: OpaquePointer) {
                g_action_map_add_action(gmk_action_map(group.gpointer), gmk_action(action.gpointer))
                g_object_unref(action.gpointer)
            }
            let sb = g_variant_type_new("(sb)")
            let sortState = VariantText.parse("('name', false)", type: "(sb)")!
            add(g_simple_action_new_stateful("sort", sb, sortState))
            g_variant_unref(sortState)
            g_variant_type_free(sb)
            add(g_simple_action_new("close", nil))
            add(g_simple_action_new_stateful("show-hidden", nil, g_variant_new_boolean(0)))
            add(g_simple_action_new("plain", nil))
            let rendered = RenderedMenu(Menu("View") {
                Picker("Sort By", actionName: "win.sort") {
                    Text("A-Z").target(("name", false))
                    Text("Size").target("size")
                }
                Button("Close", actionName: "win.close", target: true)
                Toggle("Hidden Files", actionName: "win.show-hidden")
                Toggle("Plain", actionName: "win.plain")
                Button("Elsewhere", actionName: "win.missing", target: 3)
            })
            let problems = RenderedMenu.borrowedActionProblems(rendered.borrowedActions, in: ["win": gmk_action_group(group.gpointer)])
            XCTAssertEqual(problems.map(\.path), ["View › Sort By › Size", "View › Close", "View › Plain"])
            XCTAssertEqual(problems[0].message, "the action win.sort takes a target of type '(sb)', but the item gives a target of type 's'; GTK dims the item")
            XCTAssertEqual(problems[1].message, "the action win.close takes no target, but the item gives a target of type 'b'; GTK dims the item")
            XCTAssertTrue(problems[2].message.contains("has no state, but the item shows its state as a check mark"), problems[2].message)
            g_object_unref(group.gpointer)
        }
    }

    /// The real path: the application's actions (`app.`), checked when the menu's button maps.
    func testTypeMismatchesWithTheApplicationAreReportedWhenShown() throws {
        try GtkSession.start()
        onMain {
            let application = gtk_application_new("org.gmenukit.BorrowedActionTests", G_APPLICATION_NON_UNIQUE)!
            let app = gmk_g_application(application.gpointer)
            let type = g_variant_type_new("i")
            let action = g_simple_action_new("page", type)!
            g_variant_type_free(type)
            g_action_map_add_action(gmk_action_map(application.gpointer), gmk_action(action.gpointer))
            g_object_unref(action.gpointer)
            var error: UnsafeMutablePointer<GError>?
            guard g_application_register(app, nil, &error) != 0 else {
                g_clear_error(&error)
                g_object_unref(application.gpointer)
                return
            }
            g_application_set_default(app)
            defer {
                g_application_set_default(nil)
                g_object_unref(application.gpointer)
            }
            let rendered = RenderedMenu(Menu("Pages") {
                Button("Page 2", actionName: "app.page", target: Int32(2))
                Button("Page Two", actionName: "app.page", target: "two")
            })
            let opened = OpenedMenuButton(showing: rendered)
            defer { opened.close() }
            XCTAssertEqual(rendered.diagnostics.map(\.path), ["Pages › Page Two"])
            XCTAssertEqual(rendered.diagnostics.first?.message,
                           "the action app.page takes a target of type 'i', but the item gives a target of type 's'; GTK dims the item")
        }
    }

    /// A toggle and a picker of a window's stateful actions show the actions' state in a real
    /// popover: a check mark for the Boolean state, a radio mark on the option the `(sb)`
    /// state names; an own item hidden when disabled, and a borrowed one when its action is missing.
    func testBorrowedStateAndHiddenItemsInAPopover() throws {
        try GtkSession.start()
        onMain {
            let rendered = RenderedMenu(Menu("View") {
                Toggle("Hidden Files", actionName: "win.show-hidden")
                Picker("Sort By", actionName: "win.sort") {
                    Text("A-Z").target(("name", false))
                    Text("Z-A").target(("name", true))
                }
                Button("Refresh") {}
                Button("Print") {}.disabled().hiddenWhenDisabled()
                Button("Share", actionName: "win.share").hidden(when: .actionMissing)
                Button("Zoom", actionName: "win.zoom").hidden(when: .actionDisabled)
            })
            let items = MenuModelComparer.attributesOfItems(rendered.menuModel)
            XCTAssertEqual(items.compactMap { $0["hidden-when"] }, ["'action-disabled'", "'action-missing'", "'action-disabled'"])

            let group = g_simple_action_group_new()!
            let sb = g_variant_type_new("(sb)")
            let sortState = VariantText.parse("('name', true)", type: "(sb)")!
            defer { g_variant_unref(sortState) }
            for action in [g_simple_action_new_stateful("show-hidden", nil, g_variant_new_boolean(1))!,
                           g_simple_action_new_stateful("sort", sb, sortState)!,
                           g_simple_action_new("zoom", nil)!] {
                g_action_map_add_action(gmk_action_map(group.gpointer), gmk_action(action.gpointer))
                g_object_unref(action.gpointer)
            }
            g_variant_type_free(sb)
            let opened = OpenedMenuButton(showing: rendered)
            defer { opened.close() }
            gtk_widget_insert_action_group(opened.window, "win", gmk_action_group(group.gpointer))
            g_object_unref(group.gpointer)
            MainLoop.drain()
            let drawn = PopoverRenderingTests.drawnItems(in: opened.popover)
            XCTAssertEqual(drawn.map(\.text), ["Hidden Files", "A-Z", "Z-A", "Refresh", "Zoom"])
            XCTAssertEqual(drawn.map(\.isActive), [true, false, true, false, false])
            XCTAssertEqual(drawn.map(\.role), [PopoverRenderingTests.checkRole, PopoverRenderingTests.radioRole,
                                               PopoverRenderingTests.radioRole, PopoverRenderingTests.normalRole,
                                               PopoverRenderingTests.normalRole])
            XCTAssertTrue(drawn.allSatisfy(\.isSensitive))
            XCTAssertEqual(rendered.borrowedActionProblems(from: opened.button), [])
        }
    }

    /// O4 counts the items that always show: 30 items of which 12 hide by their action's
    /// state stay under the limit of 20; P4 counts those that may show.
    func testLengthRulesCountOnlyItemsThatAlwaysShow() {
        onMain {
            let menu = Menu("Files") {
                ForEach(0..<18, id: \.self) { index in Button("Item \(index)", actionName: "win.item-\(index)") }
                ForEach(0..<12, id: \.self) { index in
                    Button("Maybe \(index)", actionName: "win.maybe-\(index)").hidden(when: .actionMissing)
                }
            }
            XCTAssertFalse(MenuGuidelines.check(menu).contains { $0.rule == "O4" }, "\(MenuGuidelines.check(menu))")
            let longer = Menu("Files") {
                ForEach(0..<21, id: \.self) { index in Button("Item \(index)", actionName: "win.item-\(index)") }
            }
            XCTAssertTrue(MenuGuidelines.check(longer).contains { $0.rule == "O4" })
            let hiding = Menu("Files") {
                ForEach(0..<3, id: \.self) { index in
                    Button("Maybe \(index)", actionName: "win.maybe-\(index)").hidden(when: .actionMissing)
                }
            }
            XCTAssertFalse(MenuGuidelines.check(hiding).contains { $0.rule == "P4" })
        }
    }
}

extension MenuModelComparer {
    /// The attributes of every item, through sections (not submenus), in GVariant text form.
    static func attributesOfItems(_ model: UnsafeMutablePointer<GMenuModel>) -> [[String: String]] {
        var result: [[String: String]] = []
        for index in 0..<g_menu_model_get_n_items(model) {
            let links = Self.links(model, index)
            if let section = links[G_MENU_LINK_SECTION] {
                result += attributesOfItems(section)
            } else {
                let attributes = Self.attributes(model, index)
                var printed: [String: String] = [:]
                for (name, value) in attributes {
                    let text = g_variant_print(value, 1)!
                    printed[name] = String(cString: text)
                    g_free(text)
                    g_variant_unref(value)
                }
                result.append(printed)
            }
            links.values.forEach { g_object_unref($0) }
        }
        return result
    }
}

/// Borrowed actions of a group the app inserted on a widget around the menu's button, through
/// GMenuKit (GTK 4.8 cannot tell what `gtk_widget_insert_action_group` inserted): their types
/// are checked as the application's are.
final class InsertedActionGroupTypeTests: GtkTestCase {
    func testATargetNotOfAnInsertedGroupsActionTypeNamesBothTypes() throws {
        try GtkSession.start()
        onMain {
            let group = g_simple_action_group_new()!
            let doubleType = g_variant_type_new("d")
            let zoom = g_simple_action_new("zoom", doubleType)!
            g_variant_type_free(doubleType)
            let sidebar = g_simple_action_new_stateful("sidebar", nil, g_variant_new_boolean(0))!
            g_action_map_add_action(gmk_action_map(group.gpointer), gmk_action(zoom.gpointer))
            g_action_map_add_action(gmk_action_map(group.gpointer), gmk_action(sidebar.gpointer))
            [zoom, sidebar].forEach { g_object_unref($0.gpointer) }
            let census = ObjectCensus()
            census.watch(group.gpointer)

            let rendered = RenderedMenu(Menu("View") {
                Button("Zoom 150%", actionName: "doc.zoom", target: 1.5)
                Button("Zoom Twice", actionName: "doc.zoom", target: Int32(2))
                Toggle("Sidebar", actionName: "doc.sidebar")
                Button("Untyped", actionName: "other.zoom", target: Int32(2))
            })
            let window = gtk_window_new()!
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let button = gtk_menu_button_new()!
            gtk_box_append(gmk_box(box), button)
            gtk_window_set_child(gmk_window(window), box)
            InsertedActionGroups.insert(GActionGroupHandle(group), prefix: "doc", on: box)
            g_object_unref(group.gpointer)
            rendered.attach(toMenuButton: button)
            gtk_window_present(gmk_window(window))
            gtk_menu_button_popup(gmk_menu_button(button))
            MainLoop.drain()

            XCTAssertEqual(rendered.diagnostics.map(\.path), ["View › Zoom Twice"], "\(rendered.diagnostics)")
            XCTAssertEqual(rendered.diagnostics.first?.message,
                           "the action doc.zoom takes a target of type 'd', but the item gives a target of type 'i'; GTK dims the item")
            XCTAssertEqual(MenuModelComparer.attributesOfItems(rendered.menuModel).count, 4)

            gtk_menu_button_popdown(gmk_menu_button(button))
            MainLoop.drain()
            gtk_window_destroy(gmk_window(window))
            MainLoop.drain()
            XCTAssertTrue(census.allFinalized, "the group is released with the widget: \(census.summary)")
        }
    }
}
