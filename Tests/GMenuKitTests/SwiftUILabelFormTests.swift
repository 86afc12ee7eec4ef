import CGtk
import XCTest

@testable import GMenuKit

/// SwiftUI's label forms as GTK reads them; what they plan is tested on the core
/// (GMenuKitCoreTests' SwiftUILabelFormTests).
final class SwiftUILabelFormTests: GtkTestCase {
    func testASymbolsIconReachesGTKAsAThemedIconWithItsRegularFallback() throws {
        try GtkSession.start()
        onMain {
            let rendered = RenderedMenu(Menu("Edit") {
                Button("Duplicate", systemImage: "doc.on.doc") {}
            }, actionPrefix: "menu", isPresented: true)
            let items = MenuModelReader.read(rendered.menuModel)
            XCTAssertEqual(item(labelled: "Duplicate", in: items)?.attributes["icon"],
                           "('themed', <['edit-copy-symbolic', 'edit-copy']>)")
        }
    }
}
