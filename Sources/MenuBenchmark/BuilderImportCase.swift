import GMenuKit

/// Case 6: import a GtkBuilder menu of `items` items (sections of ten with a translatable
/// header; each item a translatable label with a mnemonic, an app action with a `(si)` target,
/// `hidden-when` and a `verb-icon`) into a rendered menu whose GMenuModel GTK can show,
/// against GtkBuilder's own parse of the same XML into a GMenu (Benchmarks/c/menu_bench.c).
@MainActor
enum BuilderImportCase {
    static func run(items: Int, runs: Int) {
        let warmUpXML = xml(items: 100)
        withExtendedLifetime(RenderedMenu(try! Menu(builder: warmUpXML, id: "menu"))) {}
        let text = xml(items: items)
        var samples: [Double] = []
        for _ in 0..<runs {
            var menu: RenderedMenu?
            samples.append(Stopwatch.time { menu = RenderedMenu(try! Menu(builder: text, id: "menu")) })
            precondition(menu != nil)
            menu = nil
        }
        Report.result("6", items: items, seconds: samples)
    }

    /// The same text as `builder_xml` in menu_bench.c, byte for byte.
    static func xml(items: Int) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<interface>\n  <menu id=\"menu\">\n"
        for section in 0..<(items / 10) {
            xml += "    <section>\n      <attribute name=\"label\" translatable=\"yes\">Section \(section)</attribute>\n"
            for index in (section * 10)..<(section * 10 + 10) {
                xml += """
                      <item>
                        <attribute name="label" translatable="yes">Item _\(index)</attribute>
                        <attribute name="action">win.open</attribute>
                        <attribute name="target" type="(si)">('item', \(index))</attribute>
                        <attribute name="hidden-when">action-missing</attribute>
                        <attribute name="verb-icon">document-open-symbolic</attribute>
                      </item>

                """
            }
            xml += "    </section>\n"
        }
        return xml + "  </menu>\n</interface>\n"
    }
}

extension BuilderImportCase {
    static func phases(items: Int) {
        let text = xml(items: items)
        var best = [Double](repeating: .infinity, count: 4)
        for _ in 0..<40 {
            var document: BuilderDocument?
            let parse = Stopwatch.time { document = try! BuilderDocument(xml: text) }
            var menu: Menu?
            let content = Stopwatch.time { menu = try! Menu(builder: document!, id: "menu") }
            var nodes: [MenuNode] = []
            let resolve = Stopwatch.time { nodes = menu!.resolveContent() }
            var rendered: RenderedMenu?
            let render = Stopwatch.time { rendered = RenderedMenu(menu!) }
            best = zip(best, [parse, content, resolve, render]).map { min($0, $1 * 1000) }
            withExtendedLifetime((rendered, nodes)) {}
        }
        print("min ms: parse \(best[0]) content \(best[1]) resolve \(best[2]) render(resolve+plan+apply) \(best[3])")
    }
}
