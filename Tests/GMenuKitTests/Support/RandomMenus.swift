import CGtk
import XCTest

@testable import GMenuKit

/// A small deterministic pseudo-random generator (SplitMix64): the same seed gives the same
/// menus on every machine and toolchain, so a failing seed reproduces the failure.
struct SplitMix64 {
    private(set) var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound; the standard library's `random(in:using:)` may change between
    /// releases, this does not.
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

/// The description of one random menu element: plain data, so that the same tree can be
/// rendered twice (an updated menu and a fresh one) and printed as Swift when a check fails.
struct RandomMenuNode {
    indirect enum Kind {
        case button(title: String, icon: String?, subtitle: String?, role: ButtonRole?, named: NamedAction?)
        case toggle(title: String, icon: String?, subtitle: String?, isOn: Bool)
        case picker(RandomPicker)
        case section(header: String, children: [RandomMenuNode])
        case divider
        case controlGroup(title: String, children: [RandomMenuNode])
        case stepper(title: String, value: Int, lower: Int, upper: Int, step: Int)
        case menu(title: String, icon: String?, children: [RandomMenuNode], hasPrimaryAction: Bool)
        case forEach(elements: [Element])
        case branch(isTrue: Bool, then: [RandomMenuNode], otherwise: [RandomMenuNode])
    }

    struct NamedAction {
        var name: String
        var target: String?
    }

    struct Element {
        var id: String
        var children: [RandomMenuNode]
    }

    enum Modifier {
        case disabled(Bool)
        case dismissBehavior(MenuActionDismissBehavior)
        case id(String)
        case shortcut(String)
        case generatedContent(Bool)
        case confirmationDisabled
    }

    /// Identifies the node's closures in the activation log; kept through mutations.
    var uid: Int
    var kind: Kind
    var modifiers: [Modifier] = []

    /// The nested lists of nodes, for walking and mutating the tree.
    var childLists: [[RandomMenuNode]] {
        get {
            switch kind {
            case .section(_, let children), .controlGroup(_, let children), .menu(_, _, let children, _): [children]
            case .forEach(let elements): elements.map(\.children)
            case .branch(_, let then, let otherwise): [then, otherwise]
            default: []
            }
        }
        set {
            switch kind {
            case .section(let header, _): kind = .section(header: header, children: newValue[0])
            case .controlGroup(let title, _): kind = .controlGroup(title: title, children: newValue[0])
            case .menu(let title, let icon, _, let primary):
                kind = .menu(title: title, icon: icon, children: newValue[0], hasPrimaryAction: primary)
            case .forEach(var elements):
                for index in elements.indices { elements[index].children = newValue[index] }
                kind = .forEach(elements: elements)
            case .branch(let isTrue, _, _): kind = .branch(isTrue: isTrue, then: newValue[0], otherwise: newValue[1])
            default: break
            }
        }
    }

    static func count(_ nodes: [RandomMenuNode]) -> Int {
        nodes.reduce(0) { $0 + 1 + $1.childLists.reduce(0) { $0 + count($1) } }
    }
}

struct RandomPicker {
    /// Strings, integers, or distinct values that all print the same (targets must differ).
    enum TagKind { case string, int, sameDescription }

    struct Option {
        var title: String
        var icon: String?
        /// An index into the tag pool of the picker's kind; options may share one.
        var tag: Int
        var isDisabled: Bool
    }

    var title: String
    var icon: String?
    var style: PickerStyle
    var tagKind: TagKind
    var options: [Option]
    /// An index into the tag pool; the last one is never an option's tag.
    var selection: Int
    var usesForEach: Bool

    static let stringTags = ["a", "b", "a::b", "", "日本", "x y", "not-an-option"]
    static let intTags = [1, 2, 3, -1, 0, 42, 99]
    static let tagPoolSize = 7
}

/// Distinct values that print the same: their targets need a suffix to differ.
struct SameDescriptionTag: Hashable, CustomStringConvertible {
    var value: Int
    var description: String { "tag" }
}

/// Makes random menu trees and small mutations of them.
struct RandomMenuGenerator {
    var random: SplitMix64
    private var nextUID = 0
    private var budget = 0

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// A whole menu of up to `maximumNodes` elements.
    mutating func tree(maximumNodes: Int = 45) -> [RandomMenuNode] {
        budget = 1 + random.below(maximumNodes)
        return nodes(depth: 0)
    }

    /// The scope of a rendered menu's actions; sometimes one GMenuKit must refuse.
    mutating func actionPrefix() -> String { random.pick(["menu", "menu", "menu", "edit-2", "bad_prefix", "a.b"]) }

    mutating func destructiveColor() -> String? { random.pick([nil, nil, "#c01c28", "red", "red\" weight=\"bold"]) }

    // MARK: Nodes

    private mutating func nodes(depth: Int) -> [RandomMenuNode] {
        let count = random.below(depth == 0 ? 9 : 5) + (random.chance(70) ? 1 : 0)
        var result: [RandomMenuNode] = []
        for _ in 0..<count where budget > 0 {
            result.append(node(depth: depth))
        }
        return result
    }

    private mutating func uid() -> Int {
        nextUID += 1
        return nextUID
    }

    mutating func node(depth: Int) -> RandomMenuNode {
        budget -= 1
        let nested = depth < 6
        let kind: RandomMenuNode.Kind
        switch random.below(100) {
        case 0..<24:
            kind = button()
        case 24..<33:
            kind = .toggle(title: label(), icon: icon(), subtitle: subtitle(), isOn: random.chance(50))
        case 33..<43:
            kind = .picker(picker())
        case 43..<51 where nested:
            kind = .section(header: random.chance(50) ? label() : "", children: nodes(depth: depth + 1))
        case 51..<60:
            kind = .divider
        case 60..<65 where nested:
            kind = .controlGroup(title: random.chance(30) ? label() : "", children: controlGroupChildren(depth: depth))
        case 65..<70:
            let lower = random.below(5) - 2
            let upper = lower + random.below(5)
            kind = .stepper(title: random.chance(50) ? "Font Size: \(random.below(20))" : label(),
                            value: lower + random.below(upper - lower + 3) - 1, lower: lower, upper: upper,
                            step: random.pick([1, 1, 2, 5]))
        case 70..<82 where nested:
            if random.chance(4) {
                kind = deepChain(length: 12 + random.below(10))
            } else {
                kind = .menu(title: label(), icon: icon(), children: nodes(depth: depth + 1),
                             hasPrimaryAction: random.chance(5))
            }
        case 82..<91 where nested:
            let ids = ["a", "b", "c", "a", "d", "b"]
            kind = .forEach(elements: (0..<random.below(5)).map { _ in
                RandomMenuNode.Element(id: random.pick(ids), children: forEachChildren(depth: depth))
            })
        case 91..<100 where nested:
            kind = .branch(isTrue: random.chance(50), then: nodes(depth: depth + 1), otherwise: nodes(depth: depth + 1))
        default:
            kind = button()
        }
        return RandomMenuNode(uid: uid(), kind: kind, modifiers: modifiers())
    }

    private mutating func button() -> RandomMenuNode.Kind {
        let named: RandomMenuNode.NamedAction? = random.chance(12)
            ? random.pick([
                .init(name: "app.quit", target: nil), .init(name: "win.zoom", target: "in"),
                .init(name: "win.zoom", target: ""), .init(name: "close", target: nil),
                .init(name: "app.quit_now", target: nil), .init(name: "app.", target: nil),
                .init(name: "app.quit::now", target: nil), .init(name: "", target: nil),
            ])
            : nil
        return .button(title: label(), icon: icon(), subtitle: subtitle(),
                       role: random.pick([nil, nil, nil, ButtonRole.destructive, .cancel]), named: named)
    }

    private mutating func forEachChildren(depth: Int) -> [RandomMenuNode] {
        // Mostly one item per element, as in lists of recent files; sometimes a group with a divider.
        if random.chance(70) { return budget > 0 ? [node(depth: depth + 1)] : [] }
        return nodes(depth: depth + 1)
    }

    private mutating func controlGroupChildren(depth: Int) -> [RandomMenuNode] {
        var children: [RandomMenuNode] = []
        for _ in 0..<random.below(6) where budget > 0 {
            if random.chance(80) {
                budget -= 1
                let kind: RandomMenuNode.Kind = random.chance(75)
                    ? .button(title: random.chance(30) ? "" : label(), icon: random.pick(["edit-cut-symbolic", "edit-copy-symbolic", "", nil]),
                              subtitle: nil, role: nil, named: nil)
                    : .toggle(title: label(), icon: random.pick(["format-text-bold-symbolic", nil]), subtitle: nil, isOn: random.chance(50))
                children.append(RandomMenuNode(uid: uid(), kind: kind, modifiers: modifiers()))
            } else {
                // What does not fit in a control group: a divider, a submenu, a picker.
                children.append(node(depth: depth + 1))
            }
        }
        return children
    }

    /// Submenus nested deeper than GMenuKit shows.
    private mutating func deepChain(length: Int) -> RandomMenuNode.Kind {
        var innermost: [RandomMenuNode] = [RandomMenuNode(uid: uid(), kind: button())]
        for level in (1..<length).reversed() {
            innermost = [RandomMenuNode(uid: uid(), kind: .menu(title: "Level \(level)", icon: nil, children: innermost, hasPrimaryAction: false))]
        }
        budget -= length
        return .menu(title: label(), icon: nil, children: innermost, hasPrimaryAction: false)
    }

    private mutating func picker() -> RandomPicker {
        let tagKind = random.pick([RandomPicker.TagKind.string, .string, .int, .sameDescription])
        let options = (0..<random.below(6)).map { _ in
            RandomPicker.Option(title: label(), icon: random.chance(30) ? random.pick(["view-list-symbolic", "view-grid-symbolic", ""]) : nil,
                                tag: random.below(RandomPicker.tagPoolSize - 1), isDisabled: random.chance(15))
        }
        return RandomPicker(title: label(), icon: random.chance(20) ? icon() : nil,
                            style: random.pick([.inline, .menu, .palette]), tagKind: tagKind, options: options,
                            selection: random.below(RandomPicker.tagPoolSize), usesForEach: random.chance(30))
    }

    private mutating func modifiers() -> [RandomMenuNode.Modifier] {
        var modifiers: [RandomMenuNode.Modifier] = []
        if random.chance(10) { modifiers.append(.disabled(random.chance(80))) }
        if random.chance(6) { modifiers.append(.dismissBehavior(random.pick([.automatic, .enabled, .disabled]))) }
        if random.chance(7) { modifiers.append(.id(random.pick(["a", "b", "a", "c", "", "1", "x/decrease", "x", "generated-items"]))) }
        if random.chance(12) { modifiers.append(.shortcut(shortcut())) }
        if random.chance(6) { modifiers.append(.generatedContent(random.chance(90))) }
        if random.chance(2) { modifiers.append(.confirmationDisabled) }
        return modifiers
    }

    // MARK: Text

    static let fragments = [
        "Open", "Save As", "Copy", "copy", "Zoom In", "Sort by Date", "_", "__", "_File", "...", "…", "&", "&amp;",
        "<b>", "</span>", "<", ">", "\"", "'", "\n", "\t", "\r\n", " ", "  ", "\u{2028}", "\u{0}", "\u{7}", "\u{7F}",
        "é", "e\u{301}", "日本語", "🙂", "👨‍👩‍👧", "עברית", "\u{200B}", "main", "Untitled", "%s", "%n", "\\", "::",
        ".", "-", "Ω", "\u{FFFD}", "a.b", ":", "Font Size: 12", "Options",
    ]

    mutating func label() -> String {
        switch random.below(24) {
        case 0, 1: return ""
        case 2: return String(repeating: random.pick(["word ", "日本 ", "_", "&<>", "..."]), count: 20 + random.below(120))
        case 3: return "main"
        case 4, 5, 6: return random.pick(["Open", "Options", "Copy", "Open…"])
        default:
            var text = ""
            for _ in 0..<(1 + random.below(4)) {
                if !text.isEmpty && random.chance(60) { text += " " }
                text += random.pick(Self.fragments)
            }
            return text
        }
    }

    private mutating func subtitle() -> String? { random.chance(12) ? label() : nil }

    private mutating func icon() -> String? {
        random.chance(75) ? nil : random.pick(["edit-copy-symbolic", "document-open", "", "no-such-icon-anywhere", "name with spaces", "list-add-symbolic"])
    }

    private mutating func shortcut() -> String {
        random.chance(70)
            ? random.pick(["<Control>s", "<Shift><Control>z", "F5", "<Alt>Return", "<Primary>q", "Delete", "<Control>plus", "<Control>1"])
            : random.pick(["Ctrl+S", "", "<Control>", "<Bogus>x", "s\u{0}x", "<Control>日"])
    }

    // MARK: Mutations

    /// A small change to a tree: a label, a state, an insertion, a removal, a move, a new kind,
    /// a modifier, or a change of a list's ids. Nodes keep their uids where they survive.
    mutating func mutate(_ tree: [RandomMenuNode]) -> [RandomMenuNode] {
        var tree = tree
        let total = RandomMenuNode.count(tree)
        var target = random.below(total + 1)
        budget = 6
        if !mutate(&tree, target: &target) {
            // Past the last node: append at the top level.
            tree.append(node(depth: 1))
        }
        return tree
    }

    private mutating func mutate(_ list: inout [RandomMenuNode], target: inout Int) -> Bool {
        var index = 0
        while index < list.count {
            if target == 0 {
                apply(to: &list, at: index)
                return true
            }
            target -= 1
            var lists = list[index].childLists
            for listIndex in lists.indices {
                if mutate(&lists[listIndex], target: &target) {
                    list[index].childLists = lists
                    return true
                }
            }
            index += 1
        }
        return false
    }

    private mutating func apply(to list: inout [RandomMenuNode], at index: Int) {
        switch random.below(10) {
        case 0:
            list.remove(at: index)
        case 1:
            list.insert(node(depth: 2), at: index)
        case 2:
            let other = random.below(list.count)
            list.swapAt(index, other)
        case 3:
            // Another kind of element where this one was: same position, so the same identity.
            list[index] = RandomMenuNode(uid: list[index].uid, kind: node(depth: 2).kind, modifiers: list[index].modifiers)
        case 4:
            list[index].modifiers = modifiers()
        case 5:
            let moved = list.remove(at: index)
            list.insert(moved, at: random.below(list.count + 1))
        default:
            list[index].kind = relabeled(list[index].kind)
        }
    }

    /// The same element with a new label or state.
    private mutating func relabeled(_ kind: RandomMenuNode.Kind) -> RandomMenuNode.Kind {
        switch kind {
        case .button(_, let icon, let subtitle, let role, let named):
            return .button(title: label(), icon: random.chance(20) ? self.icon() : icon, subtitle: subtitle, role: role, named: named)
        case .toggle(let title, let icon, let subtitle, let isOn):
            return random.chance(50) ? .toggle(title: title, icon: icon, subtitle: subtitle, isOn: !isOn)
                : .toggle(title: label(), icon: icon, subtitle: subtitle, isOn: isOn)
        case .picker(var picker):
            switch random.below(3) {
            case 0: picker.selection = random.below(RandomPicker.tagPoolSize)
            case 1: picker.title = label()
            default: if !picker.options.isEmpty { picker.options[random.below(picker.options.count)].title = label() }
            }
            return .picker(picker)
        case .section(_, let children): return .section(header: label(), children: children)
        case .controlGroup(_, let children): return .controlGroup(title: label(), children: children)
        case .stepper(let title, let value, let lower, let upper, let step):
            return .stepper(title: random.chance(50) ? "Font Size: \(value + 1)" : title, value: value + random.pick([-1, 1]),
                            lower: lower, upper: upper, step: step)
        case .menu(_, let icon, let children, let primary):
            return .menu(title: label(), icon: icon, children: children, hasPrimaryAction: primary)
        case .forEach(var elements):
            if elements.isEmpty { return kind }
            let ids = ["a", "b", "c", "a", "d", "e"]
            switch random.below(3) {
            case 0: elements[random.below(elements.count)].id = random.pick(ids)
            case 1: elements.reverse()
            default: elements.remove(at: random.below(elements.count))
            }
            return .forEach(elements: elements)
        case .branch(let isTrue, let then, let otherwise):
            return .branch(isTrue: !isTrue, then: then, otherwise: otherwise)
        case .divider:
            return kind
        }
    }
}

// MARK: Content

/// What the closures of a rendered random menu did, to catch a stale closure: every event names
/// the menu and the generation of the tree whose content made the closure.
@MainActor
final class ActivationLog {
    enum What: Equatable {
        case button, toggle(Bool), choice(String), stepper(Int), primaryAction
    }

    struct Event: Equatable {
        var owner: String
        var generation: Int
        var uid: Int
        var what: What
    }

    var events: [Event] = []
}

/// Turns random trees into GMenuKit content through the public API: builders, `for` loops,
/// `if`/`else`, `ForEach` and modifiers, as an application writes them.
@MainActor
struct RandomMenuContent {
    let owner: String
    let generation: Int
    let log: ActivationLog

    @MenuContentBuilder
    func content(_ nodes: [RandomMenuNode]) -> any MenuContent {
        for node in nodes {
            item(node)
        }
    }

    @MenuContentBuilder
    private func branch(_ isTrue: Bool, _ then: [RandomMenuNode], _ otherwise: [RandomMenuNode]) -> any MenuContent {
        if isTrue {
            content(then)
        } else {
            content(otherwise)
        }
    }

    func item(_ node: RandomMenuNode) -> any MenuContent {
        var content = base(node)
        for modifier in node.modifiers {
            switch modifier {
            case .disabled(let isDisabled): content = content.disabled(isDisabled)
            case .dismissBehavior(let behavior): content = content.menuActionDismissBehavior(behavior)
            case .id(let id): content = content.id(id)
            case .shortcut(let shortcut): content = content.keyboardShortcut(shortcut)
            case .generatedContent(let isGenerated): content = content.generatedContent(isGenerated)
            case .confirmationDisabled: content = content.confirmationDisabled()
            }
        }
        return content
    }

    private func record(_ uid: Int, _ what: ActivationLog.What) {
        log.events.append(ActivationLog.Event(owner: owner, generation: generation, uid: uid, what: what))
    }

    private func base(_ node: RandomMenuNode) -> any MenuContent {
        let uid = node.uid
        switch node.kind {
        case .button(let title, let icon, let subtitle, let role, let named):
            if let named {
                return Button(title, icon: icon, subtitle: subtitle, role: role, actionName: named.name, target: named.target)
            }
            return Button(title, icon: icon, subtitle: subtitle, role: role) { self.record(uid, .button) }
        case .toggle(let title, let icon, let subtitle, let isOn):
            return Toggle(title, icon: icon, subtitle: subtitle,
                          isOn: Binding(get: { isOn }, set: { self.record(uid, .toggle($0)) }))
        case .picker(let picker):
            switch picker.tagKind {
            case .string: return self.picker(picker, uid: uid, tags: RandomPicker.stringTags)
            case .int: return self.picker(picker, uid: uid, tags: RandomPicker.intTags)
            case .sameDescription:
                return self.picker(picker, uid: uid, tags: (0..<RandomPicker.tagPoolSize).map { SameDescriptionTag(value: $0) })
            }
        case .section(let header, let children):
            return Section(header) { content(children) }
        case .divider:
            return Divider()
        case .controlGroup(let title, let children):
            return ControlGroup(title) { content(children) }
        case .stepper(let title, let value, let lower, let upper, let step):
            return Stepper(title, value: Binding(get: { value }, set: { self.record(uid, .stepper($0)) }),
                           in: lower...upper, step: step)
        case .menu(let title, let icon, let children, let hasPrimaryAction):
            var primaryAction: (@MainActor () -> Void)? = nil
            if hasPrimaryAction { primaryAction = { self.record(uid, .primaryAction) } }
            return Menu(title, icon: icon, content: { self.content(children) }, primaryAction: primaryAction)
        case .forEach(let elements):
            return ForEach(elements, id: \.id) { element in
                self.content(element.children)
            }
        case .branch(let isTrue, let then, let otherwise):
            return branch(isTrue, then, otherwise)
        }
    }

    private func picker<Tag: Hashable>(_ picker: RandomPicker, uid: Int, tags: [Tag]) -> any MenuContent {
        func option(_ option: RandomPicker.Option) -> PickerOption<Tag> {
            let made = option.icon.map { Label(option.title, icon: $0).tag(tags[option.tag]) }
                ?? Text(option.title).tag(tags[option.tag])
            return option.isDisabled ? made.disabled() : made
        }
        let selection = tags[picker.selection]
        let binding = Binding<Tag>(get: { selection }, set: { self.record(uid, .choice(String(describing: $0))) })
        let made: Picker<Tag>
        if picker.usesForEach {
            made = Picker(picker.title, icon: picker.icon, selection: binding) {
                ForEach(picker.options.indices, id: \.self) { option(picker.options[$0]) }
            }
        } else {
            let options = picker.options.map(option)
            made = Picker(picker.title, icon: picker.icon, selection: binding) { options }
        }
        return made.pickerStyle(picker.style)
    }
}

// MARK: Printing

/// A random tree as the Swift an application would write, for failure messages.
enum RandomMenuSource {
    static func swift(_ nodes: [RandomMenuNode], indent: String = "    ") -> String {
        nodes.map { swift($0, indent: indent) }.joined(separator: "\n")
    }

    private static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{200B}" {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else if text.unicodeScalars.count > 60, result.unicodeScalars.count > 50 {
                    continue
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        if text.unicodeScalars.count > 60 { result += "…(\(text.unicodeScalars.count) scalars)" }
        return result + "\""
    }

    private static func optional(_ label: String, _ text: String?) -> String {
        text.map { ", \(label): \(literal($0))" } ?? ""
    }

    private static func swift(_ node: RandomMenuNode, indent: String) -> String {
        let inner = indent + "    "
        func block(_ children: [RandomMenuNode]) -> String {
            children.isEmpty ? "{}" : "{\n" + swift(children, indent: inner) + "\n" + indent + "}"
        }
        var text: String
        switch node.kind {
        case .button(let title, let icon, let subtitle, let role, let named):
            let roleText = role.map { ", role: .\($0 == .destructive ? "destructive" : "cancel")" } ?? ""
            if let named {
                text = "Button(\(literal(title))\(optional("icon", icon))\(optional("subtitle", subtitle))\(roleText), actionName: \(literal(named.name))\(optional("target", named.target)))"
            } else {
                text = "Button(\(literal(title))\(optional("icon", icon))\(optional("subtitle", subtitle))\(roleText)) {}"
            }
        case .toggle(let title, let icon, let subtitle, let isOn):
            text = "Toggle(\(literal(title))\(optional("icon", icon))\(optional("subtitle", subtitle)), isOn: .constant(\(isOn)))"
        case .picker(let picker):
            func tag(_ index: Int) -> String {
                switch picker.tagKind {
                case .string: literal(RandomPicker.stringTags[index])
                case .int: String(RandomPicker.intTags[index])
                case .sameDescription: "SameDescriptionTag(value: \(index))"
                }
            }
            let options = picker.options.map { option in
                let made = option.icon.map { "Label(\(literal(option.title)), icon: \(literal($0)))" } ?? "Text(\(literal(option.title)))"
                return inner + made + ".tag(\(tag(option.tag)))" + (option.isDisabled ? ".disabled()" : "")
            }
            text = "Picker(\(literal(picker.title))\(optional("icon", picker.icon)), selection: .constant(\(tag(picker.selection)))) {"
                + (options.isEmpty ? "}" : "\n" + options.joined(separator: "\n") + "\n" + indent + "}")
                + ".pickerStyle(.\(picker.style == .inline ? "inline" : picker.style == .menu ? "menu" : "palette"))"
        case .section(let header, let children):
            text = "Section(\(literal(header))) " + block(children)
        case .divider:
            text = "Divider()"
        case .controlGroup(let title, let children):
            text = "ControlGroup(\(literal(title))) " + block(children)
        case .stepper(let title, let value, let lower, let upper, let step):
            text = "Stepper(\(literal(title)), value: .constant(\(value)), in: \(lower)...\(upper), step: \(step))"
        case .menu(let title, let icon, let children, let primary):
            text = "Menu(\(literal(title))\(optional("icon", icon))) " + block(children) + (primary ? " primaryAction: {}" : "")
        case .forEach(let elements):
            text = "ForEach(\(elements.map { literal($0.id) }), id: \\.self) — elements:"
            for element in elements {
                text += "\n" + inner + "[\(literal(element.id))] " + block(element.children)
            }
        case .branch(let isTrue, let then, let otherwise):
            text = "if \(isTrue) " + block(then) + " else " + block(otherwise)
        }
        for modifier in node.modifiers {
            switch modifier {
            case .disabled(let isDisabled): text += ".disabled(\(isDisabled))"
            case .dismissBehavior(let behavior): text += ".menuActionDismissBehavior(.\(behavior))"
            case .id(let id): text += ".id(\(literal(id)))"
            case .shortcut(let shortcut): text += ".keyboardShortcut(\(literal(shortcut)))"
            case .generatedContent(let isGenerated): text += ".generatedContent(\(isGenerated))"
            case .confirmationDisabled: text += ".confirmationDisabled()"
            }
        }
        return indent + text
    }
}

// MARK: Comparing rendered menus

/// What GIO says about one action of a group.
struct ActionDescription: Hashable, CustomStringConvertible {
    var isEnabled: Bool
    var parameterType: String?
    var stateType: String?
    var state: String?

    var description: String {
        "enabled=\(isEnabled) parameter=\(parameterType ?? "-") stateType=\(stateType ?? "-") state=\(state ?? "-")"
    }

    static func of(_ group: OpaquePointer, _ name: String) -> ActionDescription? {
        guard g_action_group_has_action(group, name) != 0 else { return nil }
        func typeString(_ type: OpaquePointer?) -> String? {
            guard let type else { return nil }
            let text = g_variant_type_dup_string(type)!
            defer { g_free(text) }
            return String(cString: text)
        }
        return ActionDescription(
            isEnabled: g_action_group_get_action_enabled(group, name) != 0,
            parameterType: typeString(g_action_group_get_action_parameter_type(group, name)),
            stateType: typeString(g_action_group_get_action_state_type(group, name)),
            state: actionState(group, name))
    }
}


/// A rendered menu read back through GIO, with the menu's own action names replaced by their
/// order of first appearance: names follow an item's identity from the first label it had,
/// so an updated menu and a fresh one may name the same action differently.
struct NormalizedRendering: Equatable {
    var items: [ReadMenuItem]
    /// The menu's own action names, in order of first appearance.
    var actionNames: [String]
    /// The menu's actions in that order, then those no item refers to (sorted).
    var referencedActions: [ActionDescription?]
    var unreferencedActions: [ActionDescription]
    /// The `custom` slot names, as rendered: each new item gets one never used before.
    var customSlots: [String] = []

    static func == (lhs: NormalizedRendering, rhs: NormalizedRendering) -> Bool {
        lhs.items == rhs.items && lhs.referencedActions == rhs.referencedActions
            && lhs.unreferencedActions == rhs.unreferencedActions
    }

    @MainActor
    init(_ rendered: RenderedMenu) {
        let prefix = rendered.actionPrefix + "."
        var order: [String: Int] = [:]
        var names: [String] = []
        var slots: [String] = []
        func normalize(_ items: [ReadMenuItem]) -> [ReadMenuItem] {
            items.map { item in
                var item = item
                if let action = item.action, action.hasPrefix(prefix) {
                    let name = String(action.dropFirst(prefix.count))
                    let index = order[name] ?? {
                        names.append(name)
                        order[name] = names.count - 1
                        return names.count - 1
                    }()
                    item.attributes["action"] = prefix + "#\(index)"
                }
                // Slots come once a menu is shown, and their names are never used twice: what
                // counts is that the items are the same.
                if let slot = item.attributes.removeValue(forKey: "custom") { slots.append(slot) }
                item.section = item.section.map(normalize)
                item.submenu = item.submenu.map(normalize)
                return item
            }
        }
        items = normalize(MenuModelReader.read(rendered.menuModel))
        actionNames = names
        customSlots = slots
        let group = rendered.actionGroup.unsafePointer
        referencedActions = names.map { ActionDescription.of(group, $0) }
        unreferencedActions = GMenuKit.actionNames(of: group).filter { order[$0] == nil }
            .compactMap { ActionDescription.of(group, $0) }
            .sorted { $0.description < $1.description }
    }

    /// Where two renderings first differ, as a path of item positions.
    func firstDifference(from other: NormalizedRendering) -> String {
        func compare(_ a: [ReadMenuItem], _ b: [ReadMenuItem], _ path: String) -> String? {
            for index in 0..<max(a.count, b.count) {
                let here = path + "/\(index)"
                guard index < a.count else { return "\(here): only in the second: \(b[index])" }
                guard index < b.count else { return "\(here): only in the first: \(a[index])" }
                if a[index].attributes != b[index].attributes {
                    return "\(here): \(a[index].attributes.sorted { $0.key < $1.key }) vs \(b[index].attributes.sorted { $0.key < $1.key })"
                }
                for (name, links) in [("section", (a[index].section, b[index].section)), ("submenu", (a[index].submenu, b[index].submenu))] {
                    if (links.0 == nil) != (links.1 == nil) { return "\(here): \(name) link on one side only" }
                    if let left = links.0, let right = links.1, let found = compare(left, right, here + "." + name) { return found }
                }
            }
            return nil
        }
        if let found = compare(items, other.items, "") { return found }
        if referencedActions != other.referencedActions {
            for (index, pair) in zip(referencedActions, other.referencedActions).enumerated() where pair.0 != pair.1 {
                return "action #\(index) (\(actionNames[index]) vs \(other.actionNames[index])): \(pair.0?.description ?? "missing") vs \(pair.1?.description ?? "missing")"
            }
        }
        return "unreferenced actions: \(unreferencedActions) vs \(other.unreferencedActions)"
    }

    /// Problems of one rendering on its own: an item whose action is missing, or of the wrong
    /// shape for the item; an action no item can reach that is not a picker's.
    func selfInconsistencies() -> [String] {
        var problems: [String] = []
        if Set(customSlots).count != customSlots.count {
            problems.append("two items name the same custom slot: \(customSlots)")
        }
        func visit(_ items: [ReadMenuItem], _ path: String) {
            for (index, item) in items.enumerated() {
                let here = path + "/\(index)"
                if let action = item.action, let hash = action.split(separator: "#").last, let number = Int(hash),
                   action.contains(".#") {
                    guard let description = referencedActions[number] else {
                        // A dimmed item names the action that is never there: GTK dims it for that.
                        if actionNames[number] != MenuPlanner.unavailableActionName {
                            problems.append("\(here): the item's action \(actionNames[number]) is not in the group")
                        }
                        continue
                    }
                    if item.target != nil {
                        if description.parameterType != "s" || !(description.stateType == nil || description.stateType == "s") {
                            problems.append("\(here): an item with a target uses \(actionNames[number]) (\(description))")
                        }
                    } else if description.parameterType != nil || !(description.stateType == nil || description.stateType == "b") {
                        problems.append("\(here): an item without a target uses \(actionNames[number]) (\(description))")
                    }
                }
                visit(item.section ?? [], here + ".section")
                visit(item.submenu ?? [], here + ".submenu")
            }
        }
        visit(items, "")
        for description in unreferencedActions where description.stateType != "s" {
            problems.append("an action no item uses, and not a picker's: \(description)")
        }
        return problems
    }
}
