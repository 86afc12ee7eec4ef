import CGtk
import GMenuKitCore
import GMenuKitBuilder

/// What the planner is handed of GTK, which it does not call itself: accelerators parsed and
/// spelled by GTK, the display's icon theme, detailed action names and targets read as GLib
/// reads them, and the application's own accels.
extension RenderedMenu {
    /// The planner's options for this menu as it is now, with GTK's services.
    func plannerOptions() -> MenuPlanner.Options {
        MenuPlanner.Options(
            title: title,
            actionPrefix: actionPrefix,
            destructiveColor: destructiveColor.flatMap(validatedColor),
            parseAccelerator: parseAccelerator,
            showsShortcuts: showsShortcuts,
            drawsOwnRows: drawsOwnRows && isPresented,
            // Without a display there is no icon theme to ask.
            iconThemeHasIcon: iconTheme.hasDisplay ? iconTheme.hasIcon : nil,
            reportStateProblem: reportStateProblem,
            confirm: graph.actionInterpreter?.confirm,
            asyncActions: asyncActions,
            parseDetailedName: VariantText.parseDetailedActionName,
            targetProblem: { VariantText.problem(parsing: $0.text, type: $0.type) },
            applicationAccels: ApplicationAccels.lookup())
    }

    /// Only colours that cannot break the markup they are put into: `#rgb` forms and names.
    private func validatedColor(_ color: String) -> String? {
        let isHex = color.first == "#" && [4, 7, 9, 13].contains(color.count)
            && color.dropFirst().allSatisfy(\.isHexDigit)
        let isName = !color.isEmpty && color.allSatisfy { $0.isASCII && $0.isLetter }
        if isHex || isName { return color }
        report([MenuDiagnostic(severity: .error, path: title,
                               message: "'\(color)' is not a colour (#rrggbb or a name); destructive items are not coloured")])
        return nil
    }
}

/// The default display's icon theme, asked for one rendered menu's icon names.
@MainActor
final class IconThemeLookup {
    /// Whether the icon theme has each icon name asked about.
    private var iconPresence: [String: Bool] = [:]

    /// Whether there is a display, whose icon theme to ask; once there is one, it stays.
    var hasDisplay: Bool {
        if !displayFound { displayFound = gdk_display_get_default() != nil }
        return displayFound
    }
    private var displayFound = false
    // Made once: a list's change plans with it every time, and closures cost an allocation.
    private(set) lazy var hasIcon: @MainActor (String) -> Bool = { [weak self] in self?.iconThemeHasIcon($0) ?? true }

    /// Asks the default display's icon theme, once per name. A themed icon names its symbolic
    /// or regular counterpart too ("x-symbolic" and "x"), and GTK falls back to it.
    private func iconThemeHasIcon(_ name: String) -> Bool {
        if let known = iconPresence[name] { return known }
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else { return true }
        let suffix = "-symbolic"
        let counterpart = name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : name + suffix
        let found = gtk_icon_theme_has_icon(theme, name) != 0
            || (!counterpart.isEmpty && gtk_icon_theme_has_icon(theme, counterpart) != 0)
        iconPresence[name] = found
        return found
    }
}

package func parseAccelerator(_ written: String) -> MenuPlanner.ParsedAccelerator? {
    var key: guint = 0
    var modifiers = GdkModifierType(rawValue: 0)
    var accelerator = written
    if gtk_accelerator_parse(accelerator, &key, &modifiers) == 0 || key == 0, let spelled = keyNamed(in: written) {
        // A key written as its character (`.keyboardShortcut("é")`): GTK's accelerators name it.
        accelerator = spelled
    }
    guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0, key != 0,
          let name = gtk_accelerator_name(key, modifiers) else { return nil }
    defer { g_free(name) }
    let commandModifiers = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue
        | GDK_HYPER_MASK.rawValue | GDK_META_MASK.rawValue
    let character = gdk_keyval_to_unicode(key)
    // Printable: not a control character (Return, Tab, Escape and Delete map to those).
    let typesText = modifiers.rawValue & commandModifiers == 0 && character >= 0x20 && character != 0x7F
        && !(0x80..<0xA0).contains(character)
    return MenuPlanner.ParsedAccelerator(canonical: String(cString: name), typesText: typesText,
                                         readable: accelerator == written ? nil : accelerator)
}

/// The accelerator with its last character, a key GTK names (`é` is `eacute`), spelled by
/// its GDK name; nil when it ends in no such character.
private func keyNamed(in accelerator: String) -> String? {
    guard let character = accelerator.last, character.unicodeScalars.count == 1,
          let scalar = character.unicodeScalars.first, !scalar.isASCII else { return nil }
    let keyval = gdk_unicode_to_keyval(scalar.value)
    guard let name = gdk_keyval_name(keyval) else { return nil }
    return String(accelerator.dropLast()) + String(cString: name)
}
