/// SF Symbol names, as SwiftUI code writes them (`Image(systemName: "doc.on.doc")`,
/// `Button("Copy", systemImage: "doc.on.doc")`), and the freedesktop icon each one is drawn
/// with on Linux.
///
/// The table holds the symbols menus and toolbars use most. Every icon it names is a
/// `-symbolic` icon that both the Adwaita of Debian 12 (GTK 4.8) and the newer Adwaita of
/// Debian 13 have (a test asks the running GTK's icon theme for each one): Adwaita 46 and later
/// dropped most non-symbolic icons, and symbolic icons follow the text colour as SF Symbols do.
/// Several symbols share an icon where Adwaita has one shape for them (`trash`, `trash.fill`).
///
/// A name that is no SF Symbol of the table but is written as a freedesktop icon name
/// (with a dash: `edit-copy-symbolic`) passes through unchanged. Any other name
/// gets a diagnostic that names the closest symbol of the table, and the item keeps its label.
/// `docs/Symbols.md` lists the table; a test writes it from this code.
public enum SystemSymbols {
    /// Each SF Symbol name and the freedesktop icon name it is drawn with, in the table's order.
    public static let table: [(symbol: String, icon: String)] = [
        ("doc.on.doc", "edit-copy-symbolic"),
        ("doc.on.doc.fill", "edit-copy-symbolic"),
        ("square.on.square", "edit-copy-symbolic"),
        ("doc.on.clipboard", "edit-paste-symbolic"),
        ("doc.on.clipboard.fill", "edit-paste-symbolic"),
        ("clipboard", "edit-paste-symbolic"),
        ("clipboard.fill", "edit-paste-symbolic"),
        ("scissors", "edit-cut-symbolic"),
        ("doc.badge.plus", "document-new-symbolic"),
        ("doc", "text-x-generic-symbolic"),
        ("doc.fill", "text-x-generic-symbolic"),
        ("doc.text", "text-x-generic-symbolic"),
        ("doc.text.fill", "text-x-generic-symbolic"),
        ("doc.richtext", "format-text-rich-symbolic"),
        ("doc.plaintext", "format-text-plaintext-symbolic"),
        ("doc.text.magnifyingglass", "edit-find-symbolic"),
        ("doc.badge.gearshape", "document-properties-symbolic"),
        ("doc.zipper", "package-x-generic-symbolic"),
        ("square.and.pencil", "document-edit-symbolic"),
        ("pencil", "document-edit-symbolic"),
        ("pencil.circle", "document-edit-symbolic"),
        ("pencil.line", "document-edit-symbolic"),
        ("scribble", "x-office-drawing-symbolic"),
        ("trash", "user-trash-symbolic"),
        ("trash.fill", "user-trash-symbolic"),
        ("trash.circle", "user-trash-symbolic"),
        ("delete.left", "edit-clear-symbolic"),
        ("delete.left.fill", "edit-clear-symbolic"),
        ("delete.backward", "edit-clear-symbolic"),
        ("arrow.uturn.backward", "edit-undo-symbolic"),
        ("arrow.uturn.left", "edit-undo-symbolic"),
        ("arrow.uturn.backward.circle", "edit-undo-symbolic"),
        ("arrow.uturn.forward", "edit-redo-symbolic"),
        ("arrow.uturn.right", "edit-redo-symbolic"),
        ("arrow.uturn.forward.circle", "edit-redo-symbolic"),
        ("arrow.counterclockwise", "document-revert-symbolic"),
        ("arrow.clockwise", "view-refresh-symbolic"),
        ("arrow.clockwise.circle", "view-refresh-symbolic"),
        ("arrow.triangle.2.circlepath", "view-refresh-symbolic"),
        ("arrow.2.circlepath", "view-refresh-symbolic"),
        ("clock.arrow.circlepath", "document-open-recent-symbolic"),
        ("rotate.left", "object-rotate-left-symbolic"),
        ("rotate.left.fill", "object-rotate-left-symbolic"),
        ("rotate.right", "object-rotate-right-symbolic"),
        ("rotate.right.fill", "object-rotate-right-symbolic"),
        ("flip.horizontal", "object-flip-horizontal-symbolic"),
        ("magnifyingglass", "system-search-symbolic"),
        ("magnifyingglass.circle", "system-search-symbolic"),
        ("text.magnifyingglass", "edit-find-symbolic"),
        ("plus.magnifyingglass", "zoom-in-symbolic"),
        ("minus.magnifyingglass", "zoom-out-symbolic"),
        ("1.magnifyingglass", "zoom-original-symbolic"),
        ("arrow.up.left.and.down.right.magnifyingglass", "zoom-fit-best-symbolic"),
        ("square.and.arrow.up", "send-to-symbolic"),
        ("square.and.arrow.up.fill", "send-to-symbolic"),
        ("square.and.arrow.up.circle", "send-to-symbolic"),
        ("square.and.arrow.up.on.square", "send-to-symbolic"),
        ("square.and.arrow.down", "document-save-symbolic"),
        ("square.and.arrow.down.fill", "document-save-symbolic"),
        ("square.and.arrow.down.on.square", "document-save-as-symbolic"),
        ("tray.and.arrow.down", "folder-download-symbolic"),
        ("tray.and.arrow.down.fill", "folder-download-symbolic"),
        ("icloud.and.arrow.down", "folder-download-symbolic"),
        ("tray.and.arrow.up", "document-send-symbolic"),
        ("tray.and.arrow.up.fill", "document-send-symbolic"),
        ("printer", "document-print-symbolic"),
        ("printer.fill", "document-print-symbolic"),
        ("folder", "folder-symbolic"),
        ("folder.fill", "folder-symbolic"),
        ("folder.circle", "folder-symbolic"),
        ("folder.badge.plus", "folder-new-symbolic"),
        ("folder.fill.badge.plus", "folder-new-symbolic"),
        ("folder.badge.person.crop", "folder-publicshare-symbolic"),
        ("externaldrive", "drive-harddisk-symbolic"),
        ("externaldrive.fill", "drive-harddisk-symbolic"),
        ("internaldrive", "drive-harddisk-symbolic"),
        ("opticaldisc", "media-optical-symbolic"),
        ("archivebox", "package-x-generic-symbolic"),
        ("archivebox.fill", "package-x-generic-symbolic"),
        ("shippingbox", "package-x-generic-symbolic"),
        ("shippingbox.fill", "package-x-generic-symbolic"),
        ("paperclip", "mail-attachment-symbolic"),
        ("paperclip.circle", "mail-attachment-symbolic"),
        ("link", "insert-link-symbolic"),
        ("link.circle", "insert-link-symbolic"),
        ("link.badge.plus", "insert-link-symbolic"),
        ("photo", "image-x-generic-symbolic"),
        ("photo.fill", "image-x-generic-symbolic"),
        ("photo.on.rectangle", "insert-image-symbolic"),
        ("photo.badge.plus", "insert-image-symbolic"),
        ("camera", "camera-photo-symbolic"),
        ("camera.fill", "camera-photo-symbolic"),
        ("camera.rotate", "camera-switch-symbolic"),
        ("camera.viewfinder", "applets-screenshooter-symbolic"),
        ("viewfinder", "applets-screenshooter-symbolic"),
        ("video", "camera-video-symbolic"),
        ("video.fill", "camera-video-symbolic"),
        ("video.slash", "camera-disabled-symbolic"),
        ("mic", "audio-input-microphone-symbolic"),
        ("mic.fill", "audio-input-microphone-symbolic"),
        ("mic.slash", "microphone-disabled-symbolic"),
        ("mic.slash.fill", "microphone-disabled-symbolic"),
        ("speaker", "audio-speakers-symbolic"),
        ("speaker.fill", "audio-speakers-symbolic"),
        ("speaker.slash", "audio-volume-muted-symbolic"),
        ("speaker.slash.fill", "audio-volume-muted-symbolic"),
        ("speaker.wave.1", "audio-volume-low-symbolic"),
        ("speaker.wave.1.fill", "audio-volume-low-symbolic"),
        ("speaker.wave.2", "audio-volume-medium-symbolic"),
        ("speaker.wave.2.fill", "audio-volume-medium-symbolic"),
        ("speaker.wave.3", "audio-volume-high-symbolic"),
        ("speaker.wave.3.fill", "audio-volume-high-symbolic"),
        ("headphones", "audio-headphones-symbolic"),
        ("music.note", "audio-x-generic-symbolic"),
        ("music.note.list", "audio-x-generic-symbolic"),
        ("film", "video-x-generic-symbolic"),
        ("film.fill", "video-x-generic-symbolic"),
        ("captions.bubble", "media-view-subtitles-symbolic"),
        ("play", "media-playback-start-symbolic"),
        ("play.fill", "media-playback-start-symbolic"),
        ("play.circle", "media-playback-start-symbolic"),
        ("play.circle.fill", "media-playback-start-symbolic"),
        ("pause", "media-playback-pause-symbolic"),
        ("pause.fill", "media-playback-pause-symbolic"),
        ("pause.circle", "media-playback-pause-symbolic"),
        ("pause.circle.fill", "media-playback-pause-symbolic"),
        ("stop", "media-playback-stop-symbolic"),
        ("stop.fill", "media-playback-stop-symbolic"),
        ("stop.circle", "media-playback-stop-symbolic"),
        ("record.circle", "media-record-symbolic"),
        ("record.circle.fill", "media-record-symbolic"),
        ("backward", "media-seek-backward-symbolic"),
        ("backward.fill", "media-seek-backward-symbolic"),
        ("forward", "media-seek-forward-symbolic"),
        ("forward.fill", "media-seek-forward-symbolic"),
        ("backward.end", "media-skip-backward-symbolic"),
        ("backward.end.fill", "media-skip-backward-symbolic"),
        ("forward.end", "media-skip-forward-symbolic"),
        ("forward.end.fill", "media-skip-forward-symbolic"),
        ("shuffle", "media-playlist-shuffle-symbolic"),
        ("repeat", "media-playlist-repeat-symbolic"),
        ("repeat.1", "media-playlist-repeat-song-symbolic"),
        ("eject", "media-eject-symbolic"),
        ("eject.fill", "media-eject-symbolic"),
        ("gear", "preferences-system-symbolic"),
        ("gearshape", "preferences-system-symbolic"),
        ("gearshape.fill", "preferences-system-symbolic"),
        ("gearshape.2", "preferences-system-symbolic"),
        ("gearshape.2.fill", "preferences-system-symbolic"),
        ("puzzlepiece", "application-x-addon-symbolic"),
        ("puzzlepiece.fill", "application-x-addon-symbolic"),
        ("puzzlepiece.extension", "application-x-addon-symbolic"),
        ("star", "non-starred-symbolic"),
        ("star.fill", "starred-symbolic"),
        ("star.leadinghalf.filled", "semi-starred-symbolic"),
        ("heart", "emote-love-symbolic"),
        ("heart.fill", "emote-love-symbolic"),
        ("bookmark", "user-bookmarks-symbolic"),
        ("bookmark.fill", "user-bookmarks-symbolic"),
        ("book", "accessories-dictionary-symbolic"),
        ("book.closed", "accessories-dictionary-symbolic"),
        ("books.vertical", "accessories-dictionary-symbolic"),
        ("character.book.closed", "accessories-dictionary-symbolic"),
        ("flag", "emoji-flags-symbolic"),
        ("flag.fill", "emoji-flags-symbolic"),
        ("pin", "view-pin-symbolic"),
        ("pin.fill", "view-pin-symbolic"),
        ("pin.circle", "view-pin-symbolic"),
        ("mappin", "mark-location-symbolic"),
        ("mappin.circle", "mark-location-symbolic"),
        ("mappin.and.ellipse", "mark-location-symbolic"),
        ("location", "find-location-symbolic"),
        ("location.fill", "find-location-symbolic"),
        ("globe", "web-browser-symbolic"),
        ("safari", "web-browser-symbolic"),
        ("network", "network-workgroup-symbolic"),
        ("server.rack", "network-server-symbolic"),
        ("house", "go-home-symbolic"),
        ("house.fill", "go-home-symbolic"),
        ("house.circle", "go-home-symbolic"),
        ("person", "avatar-default-symbolic"),
        ("person.fill", "avatar-default-symbolic"),
        ("person.circle", "avatar-default-symbolic"),
        ("person.circle.fill", "avatar-default-symbolic"),
        ("person.crop.circle", "avatar-default-symbolic"),
        ("person.crop.circle.badge.plus", "contact-new-symbolic"),
        ("person.badge.plus", "contact-new-symbolic"),
        ("person.2", "system-users-symbolic"),
        ("person.2.fill", "system-users-symbolic"),
        ("person.3", "system-users-symbolic"),
        ("info.circle", "dialog-information-symbolic"),
        ("info.circle.fill", "dialog-information-symbolic"),
        ("questionmark.circle", "help-browser-symbolic"),
        ("questionmark.circle.fill", "help-browser-symbolic"),
        ("lifepreserver", "help-browser-symbolic"),
        ("exclamationmark.triangle", "dialog-warning-symbolic"),
        ("exclamationmark.triangle.fill", "dialog-warning-symbolic"),
        ("exclamationmark.circle", "dialog-error-symbolic"),
        ("exclamationmark.octagon", "dialog-error-symbolic"),
        ("xmark.octagon", "process-stop-symbolic"),
        ("xmark.octagon.fill", "process-stop-symbolic"),
        ("nosign", "action-unavailable-symbolic"),
        ("circle.slash", "action-unavailable-symbolic"),
        ("xmark", "window-close-symbolic"),
        ("xmark.circle", "window-close-symbolic"),
        ("xmark.circle.fill", "window-close-symbolic"),
        ("checkmark", "object-select-symbolic"),
        ("checkmark.circle", "object-select-symbolic"),
        ("checkmark.circle.fill", "object-select-symbolic"),
        ("checkmark.square", "checkbox-checked-symbolic"),
        ("square", "checkbox-symbolic"),
        ("plus", "list-add-symbolic"),
        ("plus.circle", "list-add-symbolic"),
        ("plus.circle.fill", "list-add-symbolic"),
        ("plus.square", "list-add-symbolic"),
        ("minus", "list-remove-symbolic"),
        ("minus.circle", "list-remove-symbolic"),
        ("minus.circle.fill", "list-remove-symbolic"),
        ("plus.square.on.square", "tab-new-symbolic"),
        ("macwindow.badge.plus", "window-new-symbolic"),
        ("ellipsis", "view-more-horizontal-symbolic"),
        ("ellipsis.circle", "view-more-horizontal-symbolic"),
        ("ellipsis.circle.fill", "view-more-horizontal-symbolic"),
        ("line.3.horizontal", "open-menu-symbolic"),
        ("line.horizontal.3", "open-menu-symbolic"),
        ("list.bullet", "view-list-bullet-symbolic"),
        ("list.number", "view-list-ordered-symbolic"),
        ("list.dash", "view-list-symbolic"),
        ("list.bullet.rectangle", "view-list-symbolic"),
        ("square.grid.2x2", "view-grid-symbolic"),
        ("square.grid.2x2.fill", "view-grid-symbolic"),
        ("rectangle.grid.2x2", "view-grid-symbolic"),
        ("square.grid.3x3", "view-app-grid-symbolic"),
        ("sidebar.left", "sidebar-show-symbolic"),
        ("sidebar.leading", "sidebar-show-symbolic"),
        ("sidebar.right", "sidebar-show-right-symbolic"),
        ("sidebar.trailing", "sidebar-show-right-symbolic"),
        ("rectangle.split.2x1", "view-dual-symbolic"),
        ("square.split.2x1", "view-dual-symbolic"),
        ("arrow.up.left.and.arrow.down.right", "view-fullscreen-symbolic"),
        ("arrow.up.backward.and.arrow.down.forward", "view-fullscreen-symbolic"),
        ("arrow.down.right.and.arrow.up.left", "view-restore-symbolic"),
        ("eye", "view-reveal-symbolic"),
        ("eye.fill", "view-reveal-symbolic"),
        ("eye.slash", "view-conceal-symbolic"),
        ("eye.slash.fill", "view-conceal-symbolic"),
        ("arrow.up.arrow.down", "view-sort-ascending-symbolic"),
        ("arrow.up", "go-up-symbolic"),
        ("arrow.up.circle", "go-up-symbolic"),
        ("arrow.down", "go-down-symbolic"),
        ("arrow.down.circle", "go-down-symbolic"),
        ("arrow.left", "go-previous-symbolic"),
        ("arrow.left.circle", "go-previous-symbolic"),
        ("arrow.backward", "go-previous-symbolic"),
        ("arrow.right", "go-next-symbolic"),
        ("arrow.right.circle", "go-next-symbolic"),
        ("arrow.forward", "go-next-symbolic"),
        ("arrow.up.to.line", "go-top-symbolic"),
        ("arrow.down.to.line", "go-bottom-symbolic"),
        ("arrow.left.to.line", "go-first-symbolic"),
        ("arrow.right.to.line", "go-last-symbolic"),
        ("arrow.turn.up.right", "go-jump-symbolic"),
        ("chevron.up", "pan-up-symbolic"),
        ("chevron.down", "pan-down-symbolic"),
        ("chevron.left", "pan-start-symbolic"),
        ("chevron.backward", "pan-start-symbolic"),
        ("chevron.right", "pan-end-symbolic"),
        ("chevron.forward", "pan-end-symbolic"),
        ("arrowshape.turn.up.left", "mail-reply-sender-symbolic"),
        ("arrowshape.turn.up.left.fill", "mail-reply-sender-symbolic"),
        ("arrowshape.turn.up.backward", "mail-reply-sender-symbolic"),
        ("arrowshape.turn.up.left.2", "mail-reply-all-symbolic"),
        ("arrowshape.turn.up.right", "mail-forward-symbolic"),
        ("arrowshape.turn.up.right.fill", "mail-forward-symbolic"),
        ("arrowshape.turn.up.forward", "mail-forward-symbolic"),
        ("envelope", "mail-unread-symbolic"),
        ("envelope.fill", "mail-unread-symbolic"),
        ("envelope.open", "mail-read-symbolic"),
        ("envelope.open.fill", "mail-read-symbolic"),
        ("paperplane", "mail-send-symbolic"),
        ("paperplane.fill", "mail-send-symbolic"),
        ("message", "chat-message-new-symbolic"),
        ("message.fill", "chat-message-new-symbolic"),
        ("phone", "call-start-symbolic"),
        ("phone.fill", "call-start-symbolic"),
        ("phone.down", "call-stop-symbolic"),
        ("phone.down.fill", "call-stop-symbolic"),
        ("phone.arrow.up.right", "call-outgoing-symbolic"),
        ("phone.arrow.down.left", "call-incoming-symbolic"),
        ("bell", "preferences-system-notifications-symbolic"),
        ("bell.fill", "preferences-system-notifications-symbolic"),
        ("bell.slash", "notifications-disabled-symbolic"),
        ("bell.slash.fill", "notifications-disabled-symbolic"),
        ("alarm", "alarm-symbolic"),
        ("clock", "preferences-system-time-symbolic"),
        ("clock.fill", "preferences-system-time-symbolic"),
        ("calendar", "x-office-calendar-symbolic"),
        ("calendar.badge.plus", "appointment-new-symbolic"),
        ("calendar.badge.clock", "appointment-soon-symbolic"),
        ("lock", "changes-prevent-symbolic"),
        ("lock.fill", "changes-prevent-symbolic"),
        ("lock.open", "changes-allow-symbolic"),
        ("lock.open.fill", "changes-allow-symbolic"),
        ("lock.display", "system-lock-screen-symbolic"),
        ("lock.shield", "security-high-symbolic"),
        ("checkmark.shield", "security-high-symbolic"),
        ("exclamationmark.shield", "security-low-symbolic"),
        ("key", "dialog-password-symbolic"),
        ("key.fill", "dialog-password-symbolic"),
        ("power", "system-shutdown-symbolic"),
        ("power.circle", "system-shutdown-symbolic"),
        ("restart", "system-reboot-symbolic"),
        ("rectangle.portrait.and.arrow.right", "system-log-out-symbolic"),
        ("arrow.right.square", "system-log-out-symbolic"),
        ("moon", "weather-clear-night-symbolic"),
        ("moon.fill", "weather-clear-night-symbolic"),
        ("sun.max", "weather-clear-symbolic"),
        ("sun.max.fill", "weather-clear-symbolic"),
        ("sun.min", "display-brightness-symbolic"),
        ("cloud", "weather-overcast-symbolic"),
        ("cloud.fill", "weather-overcast-symbolic"),
        ("cloud.sun", "weather-few-clouds-symbolic"),
        ("cloud.rain", "weather-showers-symbolic"),
        ("cloud.snow", "weather-snow-symbolic"),
        ("cloud.bolt", "weather-storm-symbolic"),
        ("cloud.fog", "weather-fog-symbolic"),
        ("wind", "weather-windy-symbolic"),
        ("tornado", "weather-tornado-symbolic"),
        ("sunrise", "daytime-sunrise-symbolic"),
        ("sunset", "daytime-sunset-symbolic"),
        ("wifi", "network-wireless-symbolic"),
        ("wifi.slash", "network-wireless-offline-symbolic"),
        ("airplane", "airplane-mode-symbolic"),
        ("battery.100", "battery-full-symbolic"),
        ("battery.25", "battery-low-symbolic"),
        ("battery.0", "battery-empty-symbolic"),
        ("battery.100.bolt", "battery-full-charging-symbolic"),
        ("powerplug", "ac-adapter-symbolic"),
        ("keyboard", "input-keyboard-symbolic"),
        ("keyboard.fill", "input-keyboard-symbolic"),
        ("command", "preferences-desktop-keyboard-shortcuts-symbolic"),
        ("computermouse", "input-mouse-symbolic"),
        ("gamecontroller", "input-gaming-symbolic"),
        ("gamecontroller.fill", "input-gaming-symbolic"),
        ("desktopcomputer", "computer-symbolic"),
        ("laptopcomputer", "computer-symbolic"),
        ("display", "video-display-symbolic"),
        ("tv", "tv-symbolic"),
        ("iphone", "phone-symbolic"),
        ("ipad", "tablet-symbolic"),
        ("scanner", "scanner-symbolic"),
        ("terminal", "utilities-terminal-symbolic"),
        ("terminal.fill", "utilities-terminal-symbolic"),
        ("textformat", "preferences-desktop-font-symbolic"),
        ("textformat.size", "preferences-desktop-font-symbolic"),
        ("textformat.size.smaller", "zoom-out-symbolic"),
        ("textformat.size.larger", "zoom-in-symbolic"),
        ("textformat.abc.dottedunderline", "tools-check-spelling-symbolic"),
        ("bold", "format-text-bold-symbolic"),
        ("italic", "format-text-italic-symbolic"),
        ("underline", "format-text-underline-symbolic"),
        ("strikethrough", "format-text-strikethrough-symbolic"),
        ("text.alignleft", "format-justify-left-symbolic"),
        ("text.aligncenter", "format-justify-center-symbolic"),
        ("text.alignright", "format-justify-right-symbolic"),
        ("text.justify", "format-justify-fill-symbolic"),
        ("increase.indent", "format-indent-more-symbolic"),
        ("decrease.indent", "format-indent-less-symbolic"),
        ("character.cursor.ibeam", "insert-text-symbolic"),
        ("text.cursor", "insert-text-symbolic"),
        ("textbox", "insert-text-symbolic"),
        ("eyedropper", "color-select-symbolic"),
        ("eyedropper.halffull", "color-select-symbolic"),
        ("paintpalette", "preferences-color-symbolic"),
        ("face.smiling", "face-smile-symbolic"),
        ("face.smiling.fill", "face-smile-symbolic"),
        ("accessibility", "preferences-desktop-accessibility-symbolic"),
        ("tablecells", "x-office-spreadsheet-symbolic"),
        ("tablecells.fill", "x-office-spreadsheet-symbolic"),
        ("dot.radiowaves.up.forward", "application-rss+xml-symbolic"),
    ]

    /// The icons by symbol name, made once.
    private static let icons: [String: String] = Dictionary(table.map { ($0.symbol, $0.icon) }, uniquingKeysWith: { first, _ in first })

    /// The freedesktop icon name an SF Symbol name is drawn with; nil for a name the table lacks.
    public static func iconName(forSymbol symbol: String) -> String? { icons[symbol] }

    /// The icon for a `systemName`, or why there is none: a symbol of the table gives its icon;
    /// a freedesktop icon name passes through; any other name gets a message naming the closest
    /// symbol of the table.
    package static func resolve(systemName name: String) -> (icon: String?, problem: String?) {
        if let icon = icons[name] { return (icon, nil) }
        if looksLikeIconName(name) { return (name, nil) }
        return (nil, unknownSymbolMessage(name))
    }

    /// A freedesktop icon name rather than an SF Symbol: it has a dash (`edit-copy-symbolic`,
    /// `org.gnome.Nautilus-symbolic`). SF Symbol names are lowercase words joined by dots, and
    /// never have one; a single word the table lacks (`eyeglasses`) is taken for a symbol.
    package static func looksLikeIconName(_ name: String) -> Bool {
        name.contains("-")
    }

    package static func unknownSymbolMessage(_ name: String) -> String {
        let closest = closestSymbol(to: name)
        var message = "'\(name)' is no SF Symbol GMenuKit knows"
        if let closest { message += " (the closest is '\(closest.symbol)', drawn as \(closest.icon))" }
        return message + "; give a freedesktop icon name (Image(\"edit-copy-symbolic\")); the item shows no icon"
    }

    /// The symbol of the table whose name is fewest edits away from `name`.
    public static func closestSymbol(to name: String) -> (symbol: String, icon: String)? {
        var best: (symbol: String, icon: String)?
        var bestDistance = Int.max
        let target = Array(name.utf8)
        for entry in table {
            let distance = editDistance(target, Array(entry.symbol.utf8), limit: bestDistance)
            if distance < bestDistance {
                bestDistance = distance
                best = entry
            }
        }
        return best
    }

    /// Levenshtein distance; stops counting past `limit` (a row whose least value is past it).
    package static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int = .max) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return rowMinimum }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The table as a Markdown document: what `docs/Symbols.md` holds.
    public static var markdownTable: String {
        var text = """
            # SF Symbols in GMenuKit

            `Image(systemName:)`, `Label(_:systemImage:)` and the `systemImage:` initializers of
            `Button`, `Toggle`, `Menu` and `Picker` draw these SF Symbols with the freedesktop icon
            beside them. Each icon is a symbolic icon of both Debian 12's and Debian 13's Adwaita.
            A freedesktop icon name (`edit-copy-symbolic`) passes through unchanged; any other name
            is reported with the closest symbol of this table, and the item keeps its label.

            Generated from `Sources/GMenuKit/Model/SystemSymbols.swift` by `SystemSymbolTests`;
            do not edit by hand. \(table.count) symbols.

            | SF Symbol | Freedesktop icon |
            | --- | --- |

            """
        for entry in table { text += "| `\(entry.symbol)` | `\(entry.icon)` |\n" }
        return text
    }
}
