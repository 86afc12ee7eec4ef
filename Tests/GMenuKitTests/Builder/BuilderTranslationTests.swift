import CGtk
import Foundation
import XCTest

@testable import GMenuKit

/// Translatable labels import translated through a real gettext catalog: Tests/Fixtures/
/// translation/de.po, compiled with msgfmt into a temporary locale directory, bound with
/// `bindtextdomain` and read in German (LANGUAGE=de), exactly as GtkBuilder translates the same
/// file: with context (`msgctxt`), comments (for translators only), untranslated and
/// non-translatable labels left as written.
final class BuilderTranslationTests: GtkTestCase {
    static let domain = "gmenukit-fixture"

    static func xml(interfaceDomain: String?) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface\(interfaceDomain.map { " domain=\"\($0)\"" } ?? "")>
          <menu id="menu">
            <section>
              <attribute name="label" translatable="yes" context="menu" comments="Header of the sort options">Sort</attribute>
              <item>
                <attribute name="label" translatable="yes" comments="Opens a file">_Open</attribute>
                <attribute name="action">win.open</attribute>
              </item>
              <item>
                <attribute name="label" translatable="yes">_Save</attribute>
                <attribute name="action">win.save</attribute>
              </item>
              <item>
                <attribute name="label" translatable="yes" context="document">_Save</attribute>
                <attribute name="action">win.save-document</attribute>
              </item>
              <item>
                <attribute name="label" translatable="no">_Open</attribute>
                <attribute name="action">win.open-as-written</attribute>
              </item>
              <item>
                <attribute name="label" translatable="yes">_Quit</attribute>
                <attribute name="action">app.quit</attribute>
              </item>
            </section>
          </menu>
        </interface>
        """
    }

    func testLabelsAreTranslatedThroughTheAppsCatalogAsGtkBuilderTranslatesThem() throws {
        try GtkSession.start()
        let localeDirectory = try Self.compileCatalog()
        defer { try? FileManager.default.removeItem(atPath: localeDirectory) }
        try Self.inGerman(localeDirectory) {
            try MainActor.assumeIsolated {
                // The app's domain given to GMenuKit, and to GtkBuilder with set_translation_domain.
                try Self.compare(Self.xml(interfaceDomain: nil), gmenukitDomain: Self.domain, gtkBuilderDomain: Self.domain)
                // The file's own <interface domain>, read by both.
                try Self.compare(Self.xml(interfaceDomain: Self.domain), gmenukitDomain: nil, gtkBuilderDomain: nil)

                // The content holds what GTK shows: the translated label, without its mark.
                let nodes = try Menu(builder: Self.xml(interfaceDomain: nil), id: "menu", domain: Self.domain).resolveContent()
                let items = try XCTUnwrap(nodes.first?.children)
                XCTAssertEqual(nodes.first?.title, "Sortieren")
                XCTAssertEqual(items.map(\.title), ["Öffnen", "Sichern", "Speichern", "Open", "Quit"])
                XCTAssertEqual(items.map(\.mnemonic), ["f", "S", "S", "O", "Q"])
                XCTAssertEqual(items.first?.imported?.label, "Ö_ffnen")
            }
        }
    }

    @MainActor
    private static func compare(_ xml: String, gmenukitDomain: String?, gtkBuilderDomain: String?) throws {
        let builder = gtk_builder_new()!
        defer { g_object_unref(builder.gpointer) }
        if let gtkBuilderDomain { gtk_builder_set_translation_domain(builder, gtkBuilderDomain) }
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_string(builder, xml, -1, &error) != 0 else {
            defer { g_clear_error(&error) }
            return XCTFail(error.map { String(cString: $0.pointee.message) } ?? "GtkBuilder refused the file")
        }
        let expected = try XCTUnwrap(BuilderFixtures.menu("menu", of: builder))
        let rendered = RenderedMenu(try Menu(builder: xml, id: "menu", domain: gmenukitDomain))
        XCTAssertEqual(MenuModelComparer.differences(rendered.menuModel, expected), [])
        // The catalog was read: GtkBuilder's labels are German, so the comparison compared translations.
        let section = try XCTUnwrap(MenuModelReader.read(expected).first?.section)
        XCTAssertEqual(MenuModelReader.read(expected).first?.label, "Sortieren")
        XCTAssertEqual(section.map(\.label), ["Ö_ffnen", "_Sichern", "_Speichern", "_Open", "_Quit"])
    }

    /// de.po compiled by msgfmt into `DIR/de/LC_MESSAGES/gmenukit-fixture.mo`; answers DIR.
    private static func compileCatalog() throws -> String {
        let directory = NSTemporaryDirectory() + "gmenukit-locale-\(getpid())"
        let messages = directory + "/de/LC_MESSAGES"
        try FileManager.default.createDirectory(atPath: messages, withIntermediateDirectories: true)
        let status = try run("/usr/bin/msgfmt", ["--check", "-o", messages + "/\(domain).mo", BuilderFixtures.translationCatalog],
                             needing: "/usr/bin/msgfmt", from: "gettext")
        XCTAssertEqual(status, 0, "msgfmt compiles de.po")
        return directory
    }

    /// Runs a tool of Debian's `package` to its end and answers its exit status; skips the test
    /// when `needed` (the tool or its data) is not installed.
    private static func run(_ tool: String, _ arguments: [String], needing needed: String, from package: String) throws -> Int32 {
        guard FileManager.default.fileExists(atPath: needed) else {
            throw XCTSkip("\(needed) is not installed (Debian's \(package) package; scripts/install-deps.sh installs it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs `body` with the domain bound to the catalog and the messages locale German:
    /// de_DE.UTF-8, compiled by glibc's localedef from Debian's `locales` sources into the
    /// temporary directory and found through LOCPATH, so no installed locale is needed. (LANGUAGE
    /// alone is not enough: gettext ignores it in the C locale, and glibc 2.41, Debian 13's,
    /// counts C.UTF-8 as C.) Everything is restored after.
    private static func inGerman(_ localeDirectory: String, _ body: () throws -> Void) throws {
        let locales = localeDirectory + "/locales"
        try FileManager.default.createDirectory(atPath: locales, withIntermediateDirectories: true)
        let status = try run("/usr/bin/localedef", ["-i", "de_DE", "-f", "UTF-8", locales + "/de_DE.UTF-8"],
                             needing: "/usr/share/i18n/locales/de_DE", from: "locales")
        XCTAssertEqual(status, 0, "localedef compiles de_DE.UTF-8")

        bindtextdomain(domain, localeDirectory)
        bind_textdomain_codeset(domain, "UTF-8")
        let previousLocale = String(cString: setlocale(LC_MESSAGES, nil))
        let previousPath = getenv("LOCPATH").map { String(cString: $0) }
        let previousLanguage = getenv("LANGUAGE").map { String(cString: $0) }
        setenv("LOCPATH", locales, 1)
        setenv("LANGUAGE", "de", 1)
        defer {
            if let previousLanguage { setenv("LANGUAGE", previousLanguage, 1) } else { unsetenv("LANGUAGE") }
            setlocale(LC_MESSAGES, previousLocale)
            if let previousPath { setenv("LOCPATH", previousPath, 1) } else { unsetenv("LOCPATH") }
        }
        guard setlocale(LC_MESSAGES, "de_DE.UTF-8") != nil else {
            return XCTFail("the compiled de_DE.UTF-8 locale was not found through LOCPATH")
        }
        try body()
    }
}

extension BuilderFixtures {
    /// The German catalog of BuilderTranslationTests' menu.
    static var translationCatalog: String {
        directory.deletingLastPathComponent().appendingPathComponent("translation/de.po").path
    }
}
