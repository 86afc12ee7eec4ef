import CGtk
import GMenuKit
import Observation

#if canImport(Glibc)
    import Glibc
#endif

// What the comparison cases share with the plain C and PyGObject programs in Benchmarks/:
// the same menu, the same counting of `items-changed`, and the same output lines, which
// scripts/bench.sh reads:
//
//   RESULT case=<case> items=<n> median_ms=<ms> items_changed=<count or -> samples_ms=<a,b,…>
//   RSS case=1 items=<n> baseline_kb=<VmRSS before> peak_kb=<VmHWM after>

/// The icon every item shows.
let benchmarkIcon = "document-open-symbolic"

/// Items per section: a menu of n items has n / 10 sections.
let sectionSize = 10

/// The button in the middle of a benchmark menu of `items` items (not the toggle that starts
/// its section): the item whose label the changes of cases 2 and 6 rename, as C's side does.
func middleButton(of items: Int) -> (item: Int, section: Int, position: Int) {
    var item = items / 2
    if item % sectionSize == 0 { item += 1 }
    return (item, item / sectionSize, item % sectionSize)
}

/// The data behind the case 1, 2, 4 and 5 menu, as an app keeps a long list: an `@Observable`
/// model holding the sections as values, and one observable flag per section. The first item
/// of each section is a toggle bound to its section's flag, the others are buttons; every item
/// has an icon and its own action.
@Observable @MainActor
final class ItemsModel {
    var sections: [BenchmarkSection]
    @ObservationIgnored let flags: [Flag]
    @ObservationIgnored var activations = 0

    init(count: Int) {
        let sections = BenchmarkSection.sections(of: 0..<count, titled: "Item")
        self.sections = sections
        flags = sections.map { _ in Flag() }
    }

    var menu: Menu {
        benchmarkMenu(self.sections, items: \.items, title: \.title, flag: { self.flags[$0] }) { self.activations += 1 }
    }
}

/// The same menu, with each item an `@Observable` object in its section's list: what one item
/// shows, that item's own observation follows.
@Observable @MainActor
final class ObjectItemsModel {
    @ObservationIgnored let sections: [ObservedSection]
    @ObservationIgnored let flags: [Flag]
    @ObservationIgnored var activations = 0

    init(count: Int) {
        sections = BenchmarkSection.sections(of: 0..<count, titled: "Item").map(ObservedSection.init)
        flags = sections.map { _ in Flag() }
    }

    var menu: Menu {
        benchmarkMenu(self.sections, items: \.items, title: \.title, flag: { self.flags[$0] }) { self.activations += 1 }
    }
}

@MainActor
final class ObservedSection: Identifiable {
    let id: Int
    let items: [ObservedItem]

    init(_ section: BenchmarkSection) {
        id = section.id
        items = section.items.map(ObservedItem.init)
    }
}

@Observable @MainActor
final class ObservedItem: Identifiable {
    let id: Int
    var title: String

    init(_ item: BenchmarkItem) {
        id = item.id
        title = item.title
    }
}

/// The benchmark menu: a section for each of `sections` (read when the menu resolves), its
/// first item a toggle bound to the section's flag, the others buttons, every item with an icon.
/// `marking` is applied to each section's `ForEach` (case 6's `equatable()` shape).
@MainActor
func benchmarkMenu<Sections: RandomAccessCollection, Items: RandomAccessCollection>(
    _ sections: @autoclosure @escaping @MainActor () -> Sections, items: @escaping (Sections.Element) -> Items,
    title: @escaping (Items.Element) -> String, flag: @escaping (Int) -> Flag, activate: @escaping @MainActor () -> Void,
    marking: @escaping (ForEach<Items, Int, any MenuContent>) -> any MenuContent = { $0 }
) -> Menu where Sections.Element: Identifiable, Sections.Element.ID == Int, Items.Element: Identifiable, Items.Element.ID == Int {
    Menu("Benchmark") {
        ForEach(sections()) { section in
            Section {
                marking(ForEach(items(section), content: benchmarkItemContent(in: section, title: title, flag: flag, activate: activate)))
            }
        }
    }
}

/// The content of each item of a section of the benchmark menu: a toggle first, then buttons.
/// Also run alone, for what the app's own content costs a refresh before GMenuKit reads it
/// (case 6, shape "content").
@MainActor
func benchmarkItemContent<Section: Identifiable, Item: Identifiable>(
    in section: Section, title: @escaping (Item) -> String, flag: @escaping (Int) -> Flag, activate: @escaping @MainActor () -> Void
) -> (Item) -> any MenuContent where Section.ID == Int, Item.ID == Int {
    contentOfEach { item in
        if item.id % sectionSize == 0 {
            Toggle(title(item), icon: benchmarkIcon, isOn: Binding(flag(section.id), \.isOn))
        } else {
            Button(title(item), icon: benchmarkIcon, action: activate)
        }
    }
}

/// A `ForEach`'s content closure, written with its builder outside a `ForEach`.
@MainActor
func contentOfEach<Element>(@ForEachContentBuilder _ content: @escaping (Element) -> any MenuContent) -> (Element) -> any MenuContent {
    content
}

/// Ten items with consecutive ids; the section's id is the first item's id divided by ten.
struct BenchmarkSection: Identifiable, Equatable {
    var id: Int
    var items: [BenchmarkItem]

    /// Sections of ten for the ids, the items titled "Item 12" (or with another word).
    static func sections(of ids: Range<Int>, titled word: String) -> [BenchmarkSection] {
        stride(from: ids.lowerBound, to: ids.upperBound, by: sectionSize).map { first in
            BenchmarkSection(id: first / sectionSize, items: (first..<min(first + sectionSize, ids.upperBound)).map {
                BenchmarkItem(id: $0, title: word + " " + String($0))
            })
        }
    }
}

struct BenchmarkItem: Identifiable, Equatable {
    var id: Int
    var title: String
}

@Observable @MainActor
final class Flag {
    var isOn = false
}

/// Counts `items-changed` on a menu model and every section and submenu it links to, the way
/// a popover showing the menu would listen. Models added later are not counted: nothing showed
/// them when they changed.
@MainActor
final class ItemsChangedCounter {
    private var connections: [(model: UnsafeMutablePointer<GMenuModel>, handler: gulong)] = []

    init(_ model: UnsafeMutablePointer<GMenuModel>) {
        itemsChangedCount = 0
        connect(model)
    }

    var count: Int { itemsChangedCount }

    func stop() {
        for connection in connections {
            g_signal_handler_disconnect(connection.model.gpointer, connection.handler)
            g_object_unref(connection.model.gpointer)
        }
        connections = []
    }

    private func connect(_ model: UnsafeMutablePointer<GMenuModel>) {
        g_object_ref(model.gpointer)
        connections.append((model, gmk_connect_items_changed(model, countItemsChanged, nil, nil)))
        for position in 0..<g_menu_model_get_n_items(model) {
            for link in [G_MENU_LINK_SECTION, G_MENU_LINK_SUBMENU] {
                if let child = g_menu_model_get_item_link(model, position, link) {
                    connect(child)
                    g_object_unref(child.gpointer)
                }
            }
        }
    }
}

/// Times `change` over `runs` runs after one untimed warm-up run, with nothing listening to the
/// menu; then makes the change once more, untimed, with an ``ItemsChangedCounter`` connected.
/// Connecting the counter to every section touches the whole menu, which would leave the
/// caches cold for a timed change. `change` gets the run's number (0 is the warm-up).
///
/// A change is timed until the menu shows it: `change` itself (the model changed), then the
/// GLib main loop's iterations that dispatch what the change left for it (GMenuKit applies a
/// list's change from an idle; a toggle's state follows at once). How many there are is
/// learned in the warm-up run; the timed runs make that many, each dispatching, and after the
/// last, one more must find nothing to do, or the benchmark stops (a run that left work would
/// leave it to the next, and the last run's to that check). The last iteration of "until idle",
/// which finds nothing, is the loop learning it is done: an app's loop blocks there whatever
/// the app is written in, and the C and PyGObject sides, which change their menus directly,
/// do not run it, so it is neither timed nor counted on GMenuKit's side: checked after each run,
/// it was about 1 k instructions of every change's count.
@MainActor
func timeAndCountChanges(
    runs: Int, of model: UnsafeMutablePointer<GMenuModel>, _ change: (Int) -> Void
) -> (seconds: [Double], itemsChanged: Int) {
    change(0)
    var iterations = 0
    while g_main_context_iteration(nil, 0) != 0 { iterations += 1 }
    var seconds: [Double] = []
    for run in stride(from: 1, through: runs, by: 1) {
        var dispatched = 0
        seconds.append(Stopwatch.time {
            change(run)
            for _ in 0..<iterations where g_main_context_iteration(nil, 0) != 0 { dispatched += 1 }
        })
        precondition(dispatched == iterations, "run \(run) left the main loop less work than the warm-up's \(iterations) iterations")
    }
    precondition(g_main_context_iteration(nil, 0) == 0, "the runs left the main loop more work than the warm-up's \(iterations) iterations")
    let counter = ItemsChangedCounter(model)
    change(runs + 1)
    runMainLoopUntilIdle()
    let itemsChanged = counter.count
    counter.stop()
    return (seconds, itemsChanged)
}

nonisolated(unsafe) private var itemsChangedCount = 0

private let countItemsChanged: GMKItemsChangedCallback = { _, _, _, _, _ in
    itemsChangedCount += 1
}

extension UnsafeMutablePointer {
    var gpointer: CGtk.gpointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer {
    var gpointer: CGtk.gpointer { UnsafeMutableRawPointer(self) }
}

enum Report {
    static func result(_ caseName: String, items: Int, seconds: [Double], itemsChanged: Int? = nil) {
        let milliseconds = seconds.map { $0 * 1_000 }
        print("RESULT case=\(caseName) items=\(items) median_ms=\(decimal(Stopwatch.median(milliseconds)))"
              + " items_changed=\(itemsChanged.map(String.init) ?? "-")"
              + " samples_ms=\(milliseconds.map(decimal).joined(separator: ","))")
    }

    static func rss(_ caseName: String, items: Int, baselineKB: Int, peakKB: Int) {
        print("RSS case=\(caseName) items=\(items) baseline_kb=\(baselineKB) peak_kb=\(peakKB)")
    }

    /// Milliseconds with six decimals (nanoseconds), without Foundation's formatting.
    static func decimal(_ value: Double) -> String {
        let nanoseconds = Int((value * 1_000_000).rounded())
        let fraction = String(nanoseconds % 1_000_000)
        return String(nanoseconds / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}

/// A field of /proc/self/status in kilobytes: VmRSS now, VmHWM the peak so far.
func processStatusKB(_ field: String) -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return -1 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 512)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix(field + ":") {
            return Int(text.dropFirst(field.count + 1).filter(\.isNumber)) ?? -1
        }
    }
    return -1
}

/// Spins the default GLib main context until nothing is pending.
@MainActor
func runMainLoopUntilIdle() {
    while g_main_context_iteration(nil, 0) != 0 {}
}
