import CGtk
import GMenuKitCore
import GMenuKitBuilder
import GMenuKitGTK

/// The shortcuts a person gave the commands, in place of the ones the app declared (action
/// name without `app.` → accelerator as GTK writes it, "" for none), kept where
/// `ShortcutStorage` says: read when the application starts and written on every change.
@MainActor
package final class UserShortcuts {
    package private(set) var overrides: [String: String] = [:]
    package private(set) var storage: ShortcutStorage

    package init(storage: ShortcutStorage) {
        self.storage = storage
        overrides = (try? storage.read()) ?? [:]
    }

    /// Reads them from another place (the application was given another file, or settings).
    package func use(_ storage: ShortcutStorage) {
        self.storage = storage
        overrides = (try? storage.read()) ?? [:]
    }

    package func set(_ accelerator: String?, for command: String) throws(ShortcutFileError) {
        overrides[command] = accelerator ?? ""
        try storage.write(overrides)
    }

    package func remove(_ command: String) throws(ShortcutFileError) {
        guard overrides.removeValue(forKey: command) != nil else { return }
        try storage.write(overrides)
    }

    package func removeAll() throws(ShortcutFileError) {
        overrides = [:]
        try storage.write(overrides)
    }

    package func replace(with overrides: [String: String]) throws(ShortcutFileError) {
        self.overrides = overrides
        try storage.write(overrides)
    }
}

/// Shortcuts people change: the API a shortcuts editor (or the app) uses.
extension Application {
    /// The shortcut a command has now (`"<Control>s"`): the person's, else the declared one; nil
    /// for none. `name` is the command's action name ("save").
    public func shortcut(forCommand name: String) -> String? {
        installCommands()
        return commandLayout.commands[name]?.shortcut
    }

    /// The shortcut the app declared for a command (nil: none), whatever the person chose since.
    package func declaredShortcut(ofCommand name: String) -> String? {
        installCommands().declaredShortcut(of: name)
    }

    /// The command that has `accelerator` now, apart from `name`'s; nil when none has it.
    public func command(holdingShortcut accelerator: String, except name: String? = nil) -> String? {
        installCommands()
        guard let wanted = parseAccelerator(accelerator)?.canonical else { return nil }
        return commandLayout.commandOrder.first { other in
            other != name && commandLayout.commands[other]?.shortcut.flatMap(parseAccelerator)?.canonical == wanted
        }
    }

    /// Gives a command another shortcut, or none (`nil`), in every menu, tooltip and window at
    /// once, and keeps it across runs (``shortcutsFile``). Refused, with a diagnostic, when the
    /// command does not exist, the accelerator is not one GTK reads or the desktop keeps it, or
    /// another command has it (``command(holdingShortcut:except:)``: give that one another
    /// first, or none, to swap).
    @discardableResult
    public func setShortcut(_ accelerator: String?, forCommand name: String) -> Bool {
        let registry = installCommands()
        let path = "Keyboard Shortcuts › \(name)"
        guard commandLayout.commands[name] != nil else {
            report(path, "no command has this action name (commands: \(commandLayout.commandOrder.joined(separator: ", ")))")
            return false
        }
        var parsed: MenuPlanner.ParsedAccelerator?
        if let accelerator {
            guard let read = parseAccelerator(accelerator) else {
                report(path, "'\(accelerator)' is not a GTK accelerator (write it like \"<Control>s\"); the shortcut is unchanged")
                return false
            }
            if let reason = ReservedShortcuts.reason(forCanonical: read.canonical) {
                report(path, "\(accelerator) never reaches the app: \(reason); the shortcut is unchanged")
                return false
            }
            if let other = command(holdingShortcut: accelerator, except: name) {
                report(path, "\(accelerator) is \(other)'s shortcut; give \(other) another first; the shortcut is unchanged")
                return false
            }
            parsed = read
        }
        do {
            // What the app declared (a shortcut, or none) needs no entry of its own.
            if parsed?.canonical == registry.declaredShortcut(of: name).flatMap(parseAccelerator)?.canonical {
                try userShortcuts.remove(name)
            } else {
                try userShortcuts.set(accelerator.map { parsed?.readable ?? $0 }, for: name)
            }
        } catch {
            report(path, "the shortcut is used now but could not be kept: \(error)")
        }
        registry.update()
        return true
    }

    /// The shortcut the command `command` has now (``shortcut(forCommand:)`` by identity).
    public func shortcut(for command: CommandID) -> String? {
        shortcut(forCommand: command.name)
    }

    /// Gives the command `command` another shortcut, or none (``setShortcut(_:forCommand:)``
    /// by identity).
    @discardableResult
    public func setShortcut(_ accelerator: String?, for command: CommandID) -> Bool {
        setShortcut(accelerator, forCommand: command.name)
    }

    /// Gives a command back the shortcut the app declared.
    public func resetShortcut(forCommand name: String) {
        keepingShortcuts { try userShortcuts.remove(name) }
    }

    /// Gives every command back the shortcut the app declared.
    public func resetAllShortcuts() {
        keepingShortcuts { try userShortcuts.removeAll() }
    }

    /// Writes the shortcuts people changed to a key file, to take to another machine.
    public func exportShortcuts(to path: String) throws(ShortcutFileError) {
        try ShortcutStorage.keyFile(path).write(userShortcuts.overrides)
    }

    /// Takes the shortcuts of a key file written by ``exportShortcuts(to:)`` in place of the
    /// ones changed so far. One that has become invalid or conflicting is reported and the
    /// declared one is used.
    public func importShortcuts(from path: String) throws(ShortcutFileError) {
        let read = try ShortcutStorage.keyFile(path).read()
        keepingShortcuts { try userShortcuts.replace(with: read) }
    }

    private func keepingShortcuts(_ change: () throws -> Void) {
        do {
            try change()
        } catch {
            report("Keyboard Shortcuts", "the change is used now but could not be kept: \(error)")
        }
        installCommands().update()
    }

    private func report(_ path: String, _ message: String) {
        RenderedMenu.diagnosticHandler(MenuDiagnostic(severity: .error, path: path, message: message))
    }
}

extension CommandRegistry {
    /// The commands with the shortcuts people gave them in place of the declared ones. A stored
    /// shortcut that names no command, that GTK cannot read, that the desktop keeps or that
    /// another command has is reported (once) and the declared one is used.
    func applyUserShortcuts(_ overrides: [String: String], to shared: inout CommandArrangement.Shared,
                            reported: inout Set<String>) {
        guard !overrides.isEmpty else { return }
        func report(_ name: String, _ value: String, _ message: String) {
            guard reported.insert("\(name)=\(value)").inserted else { return }
            RenderedMenu.diagnosticHandler(MenuDiagnostic(severity: .warning, path: "Keyboard Shortcuts › \(name)",
                                                          message: "the stored shortcut '\(value)' \(message); the declared one is used"))
        }
        var changed: [String: String?] = [:]
        for (name, value) in overrides.sorted(by: { $0.key < $1.key }) {
            guard shared.commands[name] != nil else {
                report(name, value, "names no command")
                continue
            }
            if value.isEmpty {
                changed[name] = .some(nil)
                continue
            }
            guard let parsed = parseAccelerator(value) else {
                report(name, value, "is not a GTK accelerator")
                continue
            }
            if let reason = ReservedShortcuts.reason(forCanonical: parsed.canonical) {
                report(name, value, "never reaches the app (\(reason))")
                continue
            }
            changed[name] = .some(value)
        }
        // A changed shortcut that another command has now (declared or changed) gives way.
        var effective = shared.commands.mapValues(\.shortcut)
        for (name, value) in changed { effective[name] = value }
        for (name, value) in changed.sorted(by: { $0.key < $1.key }) {
            guard let value, let canonical = parseAccelerator(value)?.canonical else { continue }
            if let other = effective.first(where: { $0.key != name && $0.value.flatMap(parseAccelerator)?.canonical == canonical })?.key {
                report(name, value, "is \(other)'s too")
                effective[name] = shared.commands[name]?.shortcut
                changed[name] = nil
            }
        }
        for (name, value) in changed.sorted(by: { $0.key < $1.key }) {
            shared.commands[name]?.shortcut = value
            shared.signature += "|user:\(name)=\(value ?? "")"
        }
    }
}
