import CGtk
import CMenuObjects
import XCTest

@testable import GMenuKit

/// GMenuKit's own `GMKMenu` is a GMenuModel that GTK and anyone else read as they read a
/// GMenu: the same items, attributes, typed lookups, links and iterators, and one
/// `items-changed` for each run of items inserted or removed.
final class MenuModelTests: GtkTestCase {
    /// Interned once, as the renderer does: an item keeps attribute names without copying them.
    nonisolated(unsafe) private static let labelName = g_intern_string("label")!
    nonisolated(unsafe) private static let numberName = g_intern_string("x-number")!
    nonisolated(unsafe) private static let sectionName = g_intern_string(G_MENU_LINK_SECTION)!
    nonisolated(unsafe) private static let submenuName = g_intern_string(G_MENU_LINK_SUBMENU)!

    /// As the renderer makes items: the label a string, made a GVariant when first read.
    private func makeItem(_ label: String, number: Int32) -> OpaquePointer {
        let item = gmk_menu_item_new()!
        label.withCString { gmk_menu_item_set_string(item, Self.labelName, $0) }
        gmk_menu_item_set_attribute(item, Self.numberName, g_variant_new_int32(number))
        return item
    }

    private func makeGMenuItem(_ label: String, number: Int32) -> OpaquePointer {
        let item = g_menu_item_new(label, nil)!
        g_menu_item_set_attribute_value(item, "x-number", g_variant_new_int32(number))
        return item
    }

    /// Thousands of random insertions and removals of runs, at the front, the back and in the
    /// middle, so that the free slots at both ends are used, run out, and are made again as the
    /// menu grows and shrinks. A GMenu gets the same changes one item at a time; after each one,
    /// both read back the same through GIO, and the GMKMenu told of it in one `items-changed`.
    func testRandomRunsOfChangesReadBackAsInAGMenu() {
        let menu = gmk_menu_new()!
        let model = gmk_menu_model(menu.gpointer)!
        let reference = g_menu_new()!
        var recorder: ItemsChangedRecorder! = ItemsChangedRecorder(model)
        var random = SplitMix64(seed: 0x6d65_6e75)
        var next: Int32 = 0
        var largest = 0
        for step in 0..<2_000 {
            let count = Int(g_menu_model_get_n_items(model))
            // Mostly growing for the first half, mostly shrinking after it.
            let growing = random.next() % 100 < (step < 1_000 ? 65 : 35)
            let expected: ItemsChangedRecorder.Change
            if growing || count == 0 {
                let runLength = Int(random.next() % 8) + 1
                let position = Self.position(in: count, &random)
                var items: [OpaquePointer?] = []
                for offset in 0..<runLength {
                    items.append(makeItem("Item \(next)", number: next))
                    let plain = makeGMenuItem("Item \(next)", number: next)
                    g_menu_insert_item(reference, gint(position + offset), plain)
                    g_object_unref(plain.gpointer)
                    next += 1
                }
                items.withUnsafeMutableBufferPointer {
                    gmk_menu_insert_items(menu, gint(position), $0.baseAddress, guint($0.count))
                }
                expected = .init(position: position, removed: 0, added: runLength)
            } else {
                let position = Self.position(in: count - 1, &random)
                let runLength = min(Int(random.next() % 8) + 1, count - position)
                gmk_menu_remove_items(menu, gint(position), guint(runLength))
                for _ in 0..<runLength { g_menu_remove(reference, gint(position)) }
                expected = .init(position: position, removed: runLength, added: 0)
            }
            largest = max(largest, Int(g_menu_model_get_n_items(model)))
            XCTAssertEqual(recorder.changes.last, expected, "step \(step)")
            XCTAssertEqual(recorder.changes.count, step + 1, "one items-changed per change")
            XCTAssertEqual(g_menu_model_get_n_items(model), g_menu_model_get_n_items(gmk_menu_model(reference.gpointer)))
            // Read whole while small, and every 16th change once large (reading is the slow part);
            // a difference stays until it is read.
            guard g_menu_model_get_n_items(model) > 64 && step % 16 != 0
                || MenuModelReader.read(model) == MenuModelReader.read(gmk_menu_model(reference.gpointer)!) else {
                XCTFail("step \(step): the menus differ")
                break
            }
        }
        XCTAssertGreaterThan(largest, 200, "the menu grew past several relayouts")
        gmk_menu_remove_all(menu)
        XCTAssertEqual(g_menu_model_get_n_items(model), 0)
        XCTAssertEqual(recorder.changes.last?.added, 0)
        recorder = nil  // disconnects while the menu lives
        g_object_unref(reference.gpointer)
        g_object_unref(menu.gpointer)
    }

    /// Near the ends most of the time, as a history changes; anywhere otherwise.
    private static func position(in count: Int, _ random: inout SplitMix64) -> Int {
        switch random.next() % 4 {
        case 0: 0
        case 1: count
        default: Int(random.next() % UInt64(count + 1))
        }
    }

    /// Typed lookups, a replaced attribute, more attributes than an item keeps inline, one link
    /// read by its name and no other, and the iterators GTK's exporters and readers use.
    func testAttributesAndLinksReadAsGIOSpecifies() {
        let menu = gmk_menu_new()!
        let model = gmk_menu_model(menu.gpointer)!
        let section = gmk_menu_new()!
        let item = makeItem("First", number: 1)
        // Replaced, not added twice: a value by a value, a string by a value and back.
        gmk_menu_item_set_attribute(item, Self.numberName, g_variant_new_int32(2))
        let noteName = g_intern_string("x-note")!
        gmk_menu_item_set_string(item, noteName, "first")
        gmk_menu_item_set_attribute(item, noteName, g_variant_new_int32(5))
        gmk_menu_item_set_string(item, noteName, "second")
        var names: [UnsafePointer<CChar>] = []
        for index in 0..<8 {
            let name = g_intern_string("x-extra-\(index)")!
            names.append(name)
            gmk_menu_item_set_attribute(item, name, g_variant_new_uint32(UInt32(index)))
        }
        gmk_menu_item_set_link(item, Self.sectionName, gmk_menu_model(section.gpointer))
        var items: [OpaquePointer?] = [item]
        items.withUnsafeMutableBufferPointer { gmk_menu_insert_items(menu, 0, $0.baseAddress, 1) }

        let read = MenuModelReader.readItem(model, 0)
        XCTAssertEqual(read.label, "First")
        XCTAssertEqual(read.attributes["x-number"], "2")
        XCTAssertEqual(read.attributes["x-note"], "second")
        XCTAssertEqual(read.attributes.count, 11, "label, number, note and eight more, each once")
        XCTAssertEqual(read.attributes["x-extra-7"], "7")
        XCTAssertEqual(read.section?.count, 0, "the linked (empty) section")
        XCTAssertNil(read.submenu)

        let int32 = g_variant_type_new("i")
        defer { g_variant_type_free(int32) }
        let typed = g_menu_model_get_item_attribute_value(model, 0, "x-number", int32)
        XCTAssertNotNil(typed)
        typed.map { g_variant_unref($0) }
        XCTAssertNil(g_menu_model_get_item_attribute_value(model, 0, "x-number", gmk_variant_type_string()),
                     "a value of another type is not returned")
        // A string attribute reads as a string, the same variant every time.
        let label = g_menu_model_get_item_attribute_value(model, 0, "label", gmk_variant_type_string())
        let again = g_menu_model_get_item_attribute_value(model, 0, "label", nil)
        XCTAssertNotNil(label)
        XCTAssertEqual(label, again)
        XCTAssertNil(g_menu_model_get_item_attribute_value(model, 0, "label", int32))
        label.map { g_variant_unref($0) }
        again.map { g_variant_unref($0) }
        XCTAssertNil(g_menu_model_get_item_attribute_value(model, 0, "missing", nil))
        XCTAssertNil(g_menu_model_get_item_link(model, 0, G_MENU_LINK_SUBMENU))

        // An item with no link iterates none.
        var plain: [OpaquePointer?] = [makeItem("Second", number: 3)]
        plain.withUnsafeMutableBufferPointer { gmk_menu_insert_items(menu, 1, $0.baseAddress, 1) }
        let links = g_menu_model_iterate_item_links(model, 1)!
        XCTAssertEqual(g_menu_link_iter_next(links), 0)
        g_object_unref(links)
        g_object_unref(section.gpointer)
        g_object_unref(menu.gpointer)
    }

    /// String attributes are copied into the item while they fit in its own storage, and
    /// allocated past it: a run of strings of growing lengths, one replaced several times
    /// (each copy takes new room), all read back as written, before and after their first
    /// reading made them GVariants; the item is then freed (under valgrind and ASan, no leak
    /// and no bad free).
    func testStringsInAndBeyondTheItemsOwnStorageReadBackAsWritten() {
        let menu = gmk_menu_new()!
        let model = gmk_menu_model(menu.gpointer)!
        let item = gmk_menu_item_new()!
        var written: [String: String] = [:]
        for index in 0..<5 {
            let name = g_intern_string("x-text-\(index)")!
            let text = String(repeating: "abcdefghij", count: index) + "\(index)"
            gmk_menu_item_set_string(item, name, text)
            written["x-text-\(index)"] = text
        }
        let replaced = g_intern_string("x-text-1")!
        for round in 0..<4 {
            let text = "replaced \(round)"
            gmk_menu_item_set_string(item, replaced, text)
            written["x-text-1"] = text
        }
        var items: [OpaquePointer?] = [item]
        items.withUnsafeMutableBufferPointer { gmk_menu_insert_items(menu, 0, $0.baseAddress, 1) }
        for _ in 0..<2 {
            let read = MenuModelReader.readItem(model, 0)
            XCTAssertEqual(read.attributes.count, written.count)
            for (name, text) in written { XCTAssertEqual(read.attributes[name], text, name) }
        }
        g_object_unref(menu.gpointer)
    }

    /// An action keeps its name in itself while it fits, else apart: both read back as given.
    func testShortAndLongActionNamesReadBack() {
        for name in ["copy", String(repeating: "n", count: 31), String(repeating: "long-", count: 12)] {
            let action = gmk_menu_action_new(name, nil, nil)!
            XCTAssertEqual(String(cString: g_action_get_name(gmk_action(action.gpointer))), name)
            g_object_unref(action.gpointer)
        }
    }

    /// An iterator holds its item: it reads the item after the item left the menu, and after
    /// the menu went. The menu, and a linked model whose item went, are finalized.
    func testIteratorsOutliveTheirItemsAndEverythingIsReleased() {
        let watcher = FinalizationWatcher()
        let menu = gmk_menu_new()!
        let submenu = gmk_menu_new()!
        watcher.watch(menu.gpointer)
        watcher.watch(submenu.gpointer)
        let item = makeItem("Recent", number: 7)
        gmk_menu_item_set_link(item, Self.submenuName, gmk_menu_model(submenu.gpointer))
        g_object_unref(submenu.gpointer)
        var items: [OpaquePointer?] = [item]
        items.withUnsafeMutableBufferPointer { gmk_menu_insert_items(menu, 0, $0.baseAddress, 1) }
        let model = gmk_menu_model(menu.gpointer)!
        let attributes = g_menu_model_iterate_item_attributes(model, 0)!
        let links = g_menu_model_iterate_item_links(model, 0)!

        gmk_menu_remove_items(menu, 0, 1)
        g_object_unref(menu.gpointer)
        XCTAssertEqual(watcher.finalizedCount, 1, "the menu went; its item's iterators hold the item and its link")

        var seen: [String: String] = [:]
        var name: UnsafePointer<gchar>?
        var value: OpaquePointer?
        while g_menu_attribute_iter_get_next(attributes, &name, &value) != 0 {
            seen[String(cString: name!)] = MenuModelReader.text(of: value!)
            g_variant_unref(value)
        }
        XCTAssertEqual(seen, ["label": "Recent", "x-number": "7"])
        var linkName: UnsafePointer<gchar>?
        var linked: UnsafeMutablePointer<GMenuModel>?
        XCTAssertNotEqual(g_menu_link_iter_get_next(links, &linkName, &linked), 0)
        XCTAssertEqual(linkName.map { String(cString: $0) }, "submenu")
        XCTAssertEqual(linked.map(UnsafeMutableRawPointer.init), UnsafeMutableRawPointer(submenu))
        g_object_unref(linked)
        XCTAssertEqual(g_menu_link_iter_next(links), 0, "one link")

        g_object_unref(attributes)
        g_object_unref(links)
        XCTAssertTrue(watcher.allFinalized, "the linked submenu went with the last iterator")

        // An item that no menu took is freed with what it holds.
        let unused = gmk_menu_new()!
        watcher.watch(unused.gpointer)
        let spare = makeItem("Spare", number: 0)
        gmk_menu_item_set_link(spare, Self.sectionName, gmk_menu_model(unused.gpointer))
        g_object_unref(unused.gpointer)
        gmk_menu_item_free(spare)
        XCTAssertTrue(watcher.allFinalized)
    }
}
