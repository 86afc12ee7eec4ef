import CGLib
import GMenuKitCore

/// The menus of a GtkBuilder file (`.ui`), as GtkBuilder reads them, with where each element
/// was written.
///
/// Reads every `<menu>` of the file with GLib's `GMarkupParser`, by GtkBuilder's rules
/// (gtkbuilder-menus.c): `<item>`, `<section id>` and `<submenu id>` in a menu, a section, a
/// submenu or a link; `<attribute name type translatable context comments>` and
/// `<link name id>` in an item, a section or a submenu; text only inside an attribute. What
/// GtkBuilder refuses is refused with its line. Everything else in the file (objects,
/// templates) is skipped: the menus of an app's window file can be read without its widgets.
///
/// ```swift
/// let document = try BuilderDocument(contentsOfFile: "src/window.ui")
/// for menu in document.menus { print(menu.id, menu.items.count) }
/// let menu = try Menu(builder: document, id: "primary_menu")
/// ```
public struct BuilderDocument: Sendable {
    /// The file it was read from, when it was read from one (or a GResource path).
    public var fileName: String?
    /// `<interface domain="…">`: the gettext domain its translatable attributes use.
    public var domain: String?
    /// Every `<menu>` of the file, in order.
    public var menus: [BuilderMenu]

    /// Reads GtkBuilder XML. `fileName` names the source in errors.
    public init(xml: String, fileName: String? = nil) throws(BuilderImportError) {
        self = try BuilderMarkupReader.read(xml, fileName: fileName)
    }

    /// Reads a `.ui` file.
    public init(contentsOfFile path: String) throws(BuilderImportError) {
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard g_file_get_contents(path, &contents, &length, &error) != 0, let contents else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "cannot be read"
            g_clear_error(&error)
            throw BuilderImportError(fileName: path, line: 0, column: 0, message: message)
        }
        defer { g_free(contents) }
        guard let xml = String(validatingCString: contents) else {
            throw BuilderImportError(fileName: path, line: 0, column: 0, message: "the file is not UTF-8 text")
        }
        try self.init(xml: xml, fileName: path)
    }

    /// Reads a `.ui` file from the app's registered GResources (`/org/gnome/App/gtk/menus.ui`).
    public init(resource path: String) throws(BuilderImportError) {
        var error: UnsafeMutablePointer<GError>?
        guard let bytes = g_resources_lookup_data(path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "no such resource"
            g_clear_error(&error)
            throw BuilderImportError(fileName: path, line: 0, column: 0, message: message)
        }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)
        let buffer = UnsafeRawBufferPointer(start: data, count: Int(size))
        guard let xml = String(validating: buffer.bindMemory(to: UInt8.self), as: UTF8.self) else {
            throw BuilderImportError(fileName: path, line: 0, column: 0, message: "the resource is not UTF-8 text")
        }
        try self.init(xml: xml, fileName: "resource://" + path)
    }

    /// The menu with this id: a top-level `<menu id>`, or a `<section id>`, `<submenu id>` or
    /// `<link id>` inside one, as `gtk_builder_get_object` finds them.
    public func menu(id: String) -> BuilderMenu? {
        for menu in menus {
            if menu.id == id { return menu }
            if let found = Self.find(id, in: menu.items) { return found }
        }
        return nil
    }

    private static func find(_ id: String, in items: [BuilderMenuItem]) -> BuilderMenu? {
        for item in items {
            for link in item.links {
                if link.id == id { return BuilderMenu(id: id, location: link.location, items: link.items) }
                if let found = find(id, in: link.items) { return found }
            }
        }
        return nil
    }
}

/// A menu of a GtkBuilder file: a `<menu id>`, or what a link of an item holds.
public struct BuilderMenu: Sendable {
    /// The `<menu id>`, or the link's id; nil for a `<menu>` without one (a property's value).
    public var id: String?
    /// Where the `<menu>` (or the link) was written.
    public var location: MenuSourceLocation
    /// Its items, sections and submenus, in order.
    public var items: [BuilderMenuItem]
}

/// An `<item>`, `<section>` or `<submenu>`: a menu item with its attributes and links.
public struct BuilderMenuItem: Sendable {
    /// Which element the item was written as.
    public enum Element: String, Sendable {
        /// An `<item>`: a command, or an item of links.
        case item
        /// A `<section>`: an item with a section link.
        case section
        /// A `<submenu>`: an item with a submenu link.
        case submenu
    }

    /// Which element it was written as: `<item>`, `<section>` or `<submenu>`.
    public var element: Element
    /// Where its start tag was written.
    public var location: MenuSourceLocation
    /// As GtkBuilder keeps them: one per name, the last one written.
    public var attributes: [BuilderAttribute]
    /// A section's or submenu's own link first (named after it), then `<link>`s; one per name.
    public var links: [BuilderLink]

    /// The attribute of this name.
    public func attribute(_ name: String) -> BuilderAttribute? {
        attributes.first { $0.name == name }
    }

    /// The link of this name (`section`, `submenu`).
    public func link(_ name: String) -> BuilderLink? {
        links.first { $0.name == name }
    }

    /// The label as written (untranslated), with GtkBuilder's `_` mnemonic marks.
    public var label: String? { attribute("label")?.value }
    /// The `action` attribute as written: the detailed action name (`win.open`).
    public var action: String? { attribute("action")?.value }
}

/// An `<attribute>`: its name, its text as written, and how GtkBuilder reads it.
public struct BuilderAttribute: Sendable, Equatable {
    /// The attribute's `name` (`label`, `action`, `target`, or the app's own).
    public var name: String {
        didSet { nameKind = BuilderAttributeName(name) }
    }
    /// The text between the tags, untranslated.
    public var value: String
    /// `type="…"`: a GVariant type string; the text is then a GVariant in text form. Without
    /// it the value is a string (also for `target`).
    public var type: String?
    /// `translatable="yes"` (or another true value GtkBuilder reads): translated when imported.
    public var isTranslatable: Bool
    /// `context="…"`, the msgctxt of a translatable value.
    public var context: String?
    /// `comments="…"`, for translators.
    public var comments: String?
    /// Where its start tag was written.
    public var location: MenuSourceLocation
    /// Which of the common names ``name`` is, as the reader found it; `.other` for the rest.
    package var nameKind: BuilderAttributeName = .other

    /// The value in the app's language: `g_dpgettext2` with a context, else `g_dgettext`, in
    /// `domain` (nil: the default domain, `textdomain`), as GtkBuilder translates.
    public func translatedValue(domain: String?) -> String {
        guard isTranslatable else { return value }
        guard let domain else { return translatedValue(domainCString: nil) }
        return domain.withCString { translatedValue(domainCString: $0) }
    }

    /// The same with the domain as a C string, converted once for a whole file. Inlined: a
    /// call on an attribute read in place (the importer's loop) would copy the attribute.
    @inline(__always)
    package func translatedValue(domainCString domain: UnsafePointer<CChar>?) -> String {
        guard isTranslatable else { return value }
        // Locals: the closure then captures two strings, not a copy of the whole attribute.
        let value = value, context = context
        // gettext hands back the msgid itself when it has no translation: read it while it lives.
        return value.withCString { msgid in
            let translated: UnsafePointer<gchar>? =
                if let context { g_dpgettext2(domain, context, msgid) } else { g_dgettext(domain, msgid) }
            // Untranslated: the msgid itself comes back (or, with a context, what follows it).
            guard let translated, translated != msgid, !(context != nil && strcmp(translated, msgid) == 0) else { return value }
            return String(cString: translated)
        }
    }
}

extension BuilderAttribute {
    /// GtkBuilder's refusal of a typed value that is not of its type, at the attribute's line.
    package func typeError(parsing text: String, type: String) -> BuilderImportError {
        let problem = VariantText.problem(parsing: text, type: type) ?? "it cannot be parsed"
        return BuilderImportError(fileName: location.fileName, line: location.line, column: location.column,
                                  message: "the attribute '\(name)' is not a GVariant of type '\(type)': \(problem)")
    }
}

/// The attribute names GMenuKit reads itself, told apart without comparing strings.
package enum BuilderAttributeName: UInt8, Sendable {
    case other, label, action, target, accel, hiddenWhen

    package init(_ name: String) {
        self = switch name {
        case "label": .label
        case "action": .action
        case "target": .target
        case "accel": .accel
        case "hidden-when": .hiddenWhen
        default: .other
        }
    }
}

/// A `<link name id>` (or the link a `<section>` or `<submenu>` makes) and its items.
public struct BuilderLink: Sendable {
    /// `section`, `submenu`, or the app's own name.
    public var name: String
    /// `id="…"`, which `BuilderDocument.menu(id:)` finds.
    public var id: String?
    /// Where the `<link>` (or the section or submenu) was written.
    public var location: MenuSourceLocation
    /// The items of the linked menu.
    public var items: [BuilderMenuItem]
}

/// GtkBuilder XML that cannot be read: the reason, and where.
public struct BuilderImportError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The file, or nil for XML given as a string.
    public var fileName: String?
    /// The line GtkBuilder would report, from 1; 0 when the file cannot be read at all.
    public var line: Int
    /// The column, from 1; 0 when unknown.
    public var column: Int
    /// Why GtkBuilder would refuse the file, in GtkBuilder's words where it has them.
    public var message: String

    public var description: String { "\(fileName ?? "<builder>"):\(line):\(column): \(message)" }
}
