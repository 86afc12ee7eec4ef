import Observation

/// The state of the showcase's note editor. The menu reads and writes it through bindings and
/// follows it by itself; every change is reported as one line, "Bold: on", for the activity log.
@MainActor
@Observable
final class NotesModel {
    /// Receives a line for every change of state.
    @ObservationIgnored var reportChange: @MainActor (String) -> Void = { _ in }

    var isBold = true { didSet { reportChange("Bold: \(isBold ? "on" : "off")") } }
    var isItalic = false { didSet { reportChange("Italic: \(isItalic ? "on" : "off")") } }
    var alignment = TextAlignment.left { didSet { reportChange("Alignment: \(alignment.title)") } }
    var fontSize = 12 { didSet { reportChange("Font Size: \(fontSize)") } }
    var indentation = Indentation.spaces { didSet { reportChange("Indent Using: \(indentation.title)") } }
    var sortKey = NoteSortKey.dateModified { didSet { reportChange("Sort By: \(sortKey.title)") } }
    var isMapVisible = false { didSet { reportChange("Map: \(isMapVisible ? "shown" : "hidden")") } }
    var lineSpacing = 1.2 { didSet { reportChange("Line Spacing: \((lineSpacing * 10).rounded() / 10)") } }
    var sortsAscending = false { didSet { reportChange("Order: \(sortsAscending ? "ascending" : "descending")") } }
    var repeatRule = RepeatRule.never { didSet { reportChange("Repeat: \(repeatRule.title)") } }
    var showsSidebar = true { didSet { reportChange("Sidebar: \(showsSidebar ? "shown" : "hidden")") } }

    /// User-made names, so they may hold underscores that must show as written.
    let recentNotes = [
        RecentNote(fileName: "meeting_notes.md"),
        RecentNote(fileName: "Groceries.md"),
        RecentNote(fileName: "release_plan_v2.md"),
    ]

    static let fontSizes = 8...72
}

struct RecentNote: Identifiable {
    let fileName: String
    var id: String { fileName }
}

enum TextAlignment: Hashable, CaseIterable {
    case left, center, right, justified

    var title: String {
        switch self {
        case .left: "Left"
        case .center: "Center"
        case .right: "Right"
        case .justified: "Justified"
        }
    }

    /// The freedesktop symbolic icon a palette shows for the alignment.
    var icon: String {
        switch self {
        case .left: "format-justify-left-symbolic"
        case .center: "format-justify-center-symbolic"
        case .right: "format-justify-right-symbolic"
        case .justified: "format-justify-fill-symbolic"
        }
    }
}

enum Indentation: Hashable, CaseIterable {
    case spaces, tabs

    var title: String {
        switch self {
        case .spaces: "Spaces"
        case .tabs: "Tabs"
        }
    }
}

enum NoteSortKey: Hashable, CaseIterable {
    case title, dateModified, dateCreated

    var title: String {
        switch self {
        case .title: "Title"
        case .dateModified: "Date Modified"
        case .dateCreated: "Date Created"
        }
    }
}

/// How often a note's reminder repeats: the options of the showcase's pop-up button.
enum RepeatRule: Hashable, CaseIterable {
    case never, daily, weekly, monthly, yearly

    var title: String {
        switch self {
        case .never: "Never"
        case .daily: "Every Day"
        case .weekly: "Every Week"
        case .monthly: "Every Month"
        case .yearly: "Every Year"
        }
    }
}
