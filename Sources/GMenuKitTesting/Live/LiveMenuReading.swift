import CGtk
import GMenuKitGTK
import GMenuKitApp

/// A `GMenuModel` held for as long as the Swift value is.
final class MenuModelReference {
    let model: UnsafeMutablePointer<GMenuModel>

    /// Takes over a reference the caller owns (what `g_menu_model_get_item_link` returned).
    init(adopting model: UnsafeMutablePointer<GMenuModel>) { self.model = model }

    /// Adds a reference of its own.
    init(retaining model: UnsafeMutablePointer<GMenuModel>) {
        self.model = model
        g_object_ref(model.gpointer)
    }

    deinit { g_object_unref(model.gpointer) }
}

/// One item of a live menu as read now: what a person sees (``MenuItemReading``, its section's
/// or submenu's items included) and where it is in the model, to act on it.
@MainActor
struct LiveEntry {
    var reading: MenuItemReading
    var children: [LiveEntry]
    let model: MenuModelReference
    let index: Int
    /// For an element of a scrolling list (which the model holds as one slot): runs it as
    /// choosing its row does; false when it is no longer there or dimmed.
    var perform: (@MainActor () -> Bool)? = nil

    /// A string attribute of the item now.
    func string(_ name: String) -> String? { LiveMenuReader.string(model.model, index, name) }

    /// An attribute of the item now, of any type.
    func value(_ name: String) -> VariantReference? { LiveMenuReader.value(model.model, index, name) }

}

/// How finding walks it: sections (and steppers, a section of two buttons) are passed through,
/// submenus open a level; as ``InspectedMenu`` finds planned items.
extension LiveEntry: FindableMenuItem {
    var shownTitle: String { reading.title }
    var plainTitle: String? { reading.title }
    var isSection: Bool { reading.kind == .section || reading.kind == .stepper }
    var linkedItems: [LiveEntry]? {
        switch reading.kind {
        case .section, .stepper, .submenu: children
        default: nil
        }
    }
}

/// Reads a menu model through GIO into ``MenuItemReading``s, as GTK 4.8's popover shows it
/// (gtkmenutrackeritem.c, gtkmenusectionbox.c), with GMenuKit's own attributes, which its rows
/// draw (`gmenukit-subtitle`, `gmenukit-badge`, …).
@MainActor
struct LiveMenuReader {
    let actions: LiveActions
    /// The buttons of the popover GTK built, when the menu is read from one.
    var buttons: PopoverButtons?

    mutating func read(_ model: MenuModelReference) -> [LiveEntry] {
        (0..<Int(g_menu_model_get_n_items(model.model))).map { read(model, $0) }
    }

    /// A scrolling list's slot as an untitled section of its elements, each read as its row
    /// shows it (its content resolved now) and chosen as the row is.
    private func scrollingList(_ rows: ScrollingListRows, in model: MenuModelReference, at index: Int,
                               from popover: UnsafeMutablePointer<GtkWidget>) -> LiveEntry {
        let widget = WeakObjectPointer(popover)
        var elements: [LiveEntry] = []
        for position in 0..<rows.count {
            guard let row = rows.row(at: position) else { continue }
            var reading = MenuItemReading(kind: .command, title: row.title, isEnabled: !row.isDisabled)
            if case .check(let isOn) = row.kind {
                reading.kind = .toggle
                reading.isChecked = isOn
            }
            reading.keepsMenuOpen = row.node.dismissBehavior == .disabled
            let identity = row.node.identity.path
            elements.append(LiveEntry(reading: reading, children: [], model: model, index: index, perform: { [weak rows] in
                guard let rows, let popover = widget.object else { return false }
                return rows.perform(at: position, identity: identity, from: popover)
            }))
        }
        var reading = MenuItemReading(kind: .section, title: "")
        reading.children = elements.map(\.reading)
        return LiveEntry(reading: reading, children: elements, model: model, index: index)
    }

    private mutating func read(_ model: MenuModelReference, _ index: Int) -> LiveEntry {
        let get = { (name: String) in Self.string(model.model, index, name) }
        let rawLabel = get("label")
        let action = get("action")
        let custom = get("custom")
        let section = Self.link(model.model, index, "section")
        let submenu = Self.link(model.model, index, "submenu")
        // GTK reads `use-markup` as a string: any string turns markup on, any other type none.
        let isMarkup = Self.value(model.model, index, "use-markup")?.typeString == "s"

        if let custom, let popover = actions.popover, let rows = ScrollingListRows.shown(inSlot: custom, under: popover) {
            return scrollingList(rows, in: model, at: index, from: popover)
        }
        var reading = MenuItemReading(kind: .command, title: "")
        if section != nil {
            // A section's heading is plain text to GTK: no access key, no markup.
            reading.title = rawLabel ?? ""
        } else {
            let label = LabelReading.visible(rawLabel, isMarkup: isMarkup)
            reading.title = label.title
            reading.accessKey = label.accessKey
            reading.accessKeyOffset = label.accessKeyOffset
        }
        reading.subtitle = get("gmenukit-subtitle")
        reading.icon = Self.iconName(Self.value(model.model, index, "icon"))
        reading.isDestructive = get("gmenukit-role") == "destructive"
        reading.keepsMenuOpen = Self.value(model.model, index, "gmenukit-keeps-open")?.bool ?? false
        reading.badge = get("gmenukit-badge")
        reading.help = get("gmenukit-help")

        var children: [LiveEntry] = []
        if let link = section ?? submenu { children = read(link) }
        reading.children = children.map(\.reading)

        // The button GTK drew for the item, when read from a popover: taken in menu order.
        let button = section == nil && custom == nil ? buttons?.take(reading.title) : nil
        let lookup = action.map { actions.lookup($0) }
        let found: LiveActions.Action? = if case .found(let action)? = lookup { action } else { nil }

        if submenu != nil {
            reading.kind = .submenu
        } else if section != nil {
            reading.kind = Self.isStepper(get("display-hint"), children) ? .stepper : .section
        } else if custom != nil, action == nil, reading.subtitle == nil, reading.icon == nil, reading.badge == nil,
                  reading.help == nil, get("gmenukit-range") == nil {
            // A slot filled by the app's widget. GMenuKit's own rows fill slots too, but for
            // items with an action, or with something to draw beside the label.
            reading.kind = .widget
        } else if let state = found?.state {
            let target = Self.value(model.model, index, "target")
            if let target {
                reading.kind = .option
                reading.isChecked = state.equals(target)
            } else if let isOn = state.bool {
                reading.kind = .toggle
                reading.isChecked = isOn
            } else if let value = state.double {
                reading.kind = .slider
                reading.value = value
            }
        } else if let button, button.role == 1 || button.role == 2 {
            // A check or radio item whose action only the popover's widgets know.
            reading.kind = button.role == 1 ? .toggle : .option
            reading.isChecked = button.isActive
        }

        switch reading.kind {
        case .section, .submenu, .widget:
            reading.isEnabled = true
        case .stepper:
            reading.isEnabled = reading.children.contains(where: \.isEnabled)
        default:
            if action == nil {
                // GTK 4.8 leaves an item without an action sensitive (gtkmenutrackeritem.c:
                // `self->sensitive = TRUE`); GMenuKit's own rows dim it.
                reading.isEnabled = custom == nil
            } else {
                switch lookup {
                case .found(let action)?: reading.isEnabled = action.isEnabled
                case .unknown?: reading.isEnabled = button?.isSensitive ?? false
                default: reading.isEnabled = false
                }
            }
        }

        if let hiddenWhen = get("hidden-when"), section == nil {
            let present: Bool
            switch lookup {
            case .found?: present = true
            case .unknown?: present = button != nil
            default: present = false
            }
            switch hiddenWhen {
            case "action-missing": reading.isVisible = present
            case "action-disabled": reading.isVisible = present && reading.isEnabled
            default: break
            }
        }

        // GTK shows an accel only for an item with an action (gtk_menu_tracker_item_get_accel);
        // from a popover, the one the button shows (the attribute, or the muxer's primary accel).
        if let button, custom == nil {
            reading.shortcut = button.accel.flatMap { $0.isEmpty ? nil : acceleratorLabel($0) }
        } else if let accel = get("accel"), !accel.isEmpty, action != nil || custom != nil {
            reading.shortcut = acceleratorLabel(accel)
        }
        return LiveEntry(reading: reading, children: children, model: model, index: index)
    }

    /// GMenuKit's stepper: a `horizontal-buttons` section of a decrease and an increase button.
    private static func isStepper(_ hint: String?, _ children: [LiveEntry]) -> Bool {
        guard hint == "horizontal-buttons", children.count == 2 else { return false }
        return children[0].string("verb-icon") == "list-remove-symbolic" && children[1].string("verb-icon") == "list-add-symbolic"
    }

    // MARK: GIO

    static func value(_ model: UnsafeMutablePointer<GMenuModel>, _ index: Int, _ name: String) -> VariantReference? {
        g_menu_model_get_item_attribute_value(model, gint(index), name, nil).map(VariantReference.init(adopting:))
    }

    static func string(_ model: UnsafeMutablePointer<GMenuModel>, _ index: Int, _ name: String) -> String? {
        value(model, index, name)?.string
    }

    static func link(_ model: UnsafeMutablePointer<GMenuModel>, _ index: Int, _ name: String) -> MenuModelReference? {
        g_menu_model_get_item_link(model, gint(index), name).map(MenuModelReference.init(adopting:))
    }

    /// The icon name of a serialized `GIcon` (GMenuKit writes a themed icon) or of a plain
    /// string, which `g_icon_deserialize` reads as one too.
    static func iconName(_ value: VariantReference?) -> String? {
        guard let value else { return nil }
        if let name = value.string { return name }
        guard let icon = g_icon_deserialize(value.variant) else { return nil }
        defer { g_object_unref(icon.gpointer) }
        guard g_type_check_instance_is_a(icon.gpointer.assumingMemoryBound(to: GTypeInstance.self), g_themed_icon_get_type()) != 0,
              let names = g_themed_icon_get_names(icon), let first = names[0] else { return nil }
        return String(cString: first)
    }
}
