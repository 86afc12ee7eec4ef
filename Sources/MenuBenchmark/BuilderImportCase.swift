import CGtk
import GMenuKit

/// Case 8: import a GtkBuilder menu of `items` items (sections of ten with a translatable
/// header; each item a translatable label with a mnemonic, an app action with a `(si)` target,
/// `hidden-when` and a `verb-icon`) into a rendered menu whose GMenuModel GTK can show,
/// against GtkBuilder's own parse of the same XML into a GMenu (Benchmarks/c/menu_bench.c). Both
/// sides time the thread's CPU time: they run seconds apart, and on a busy machine the wall
/// time of one run grows by whole scheduler slices (4 ms) when another process takes the CPU.
@MainActor
enum BuilderImportCase {
    static func run(items: Int, runs: Int) {
        let warmUpXML = xml(items: 100)
        withExtendedLifetime(RenderedMenu(try! Menu(builder: warmUpXML, id: "menu"))) {}
        let text = xml(items: items)
        var samples: [Double] = []
        for _ in 0..<runs {
            var menu: RenderedMenu?
            samples.append(Stopwatch.threadCPUTime { menu = RenderedMenu(try! Menu(builder: text, id: "menu")) })
            precondition(menu != nil)
            menu = nil
        }
        Report.result("8", items: items, seconds: samples)
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
    /// GMenuKit's import and GtkBuilder's parse taking turns in this one process, run after
    /// run, so that whatever else the machine does slows both alike: reported as "8-paired"
    /// (GMenuKit) and "8-paired-gtkbuilder" (the same `gtk_builder_add_from_string` as the C side).
    static func paired(items: Int, runs: Int) {
        let text = xml(items: items)
        withExtendedLifetime(RenderedMenu(try! Menu(builder: text, id: "menu"))) {}
        // GtkBuilder's text as the C side holds it, made once: handed over as a String, each parse
        // copied the whole text into a C string first, in its timed run.
        let cText = Array(text.utf8CString)
        g_object_unref(gtkBuilderParse(cText))
        var ours: [Double] = []
        var theirs: [Double] = []
        for run in 0..<runs {
            if run % 2 == 0 {
                ours.append(timeImport(text))
                theirs.append(timeGtkBuilder(cText))
            } else {
                theirs.append(timeGtkBuilder(cText))
                ours.append(timeImport(text))
            }
        }
        Report.result("8-paired", items: items, seconds: ours)
        Report.result("8-paired-gtkbuilder", items: items, seconds: theirs)
    }

    private static func timeImport(_ text: String) -> Double {
        var menu: RenderedMenu?
        let seconds = Stopwatch.threadCPUTime { menu = RenderedMenu(try! Menu(builder: text, id: "menu")) }
        precondition(menu != nil)
        return seconds
    }

    private static func timeGtkBuilder(_ text: [CChar]) -> Double {
        var model: UnsafeMutableRawPointer?
        let seconds = Stopwatch.threadCPUTime { model = gtkBuilderParse(text) }
        g_object_unref(model)
        return seconds
    }

    /// `builder_parse` of menu_bench.c: a builder made, the XML read, the menu taken.
    private static func gtkBuilderParse(_ text: [CChar]) -> UnsafeMutableRawPointer {
        let builder = gtk_builder_new()!
        var error: UnsafeMutablePointer<GError>?
        guard text.withUnsafeBufferPointer({ gtk_builder_add_from_string(builder, $0.baseAddress, -1, &error) }) != 0 else {
            fatalError(String(cString: error!.pointee.message))
        }
        let menu = g_object_ref(gtk_builder_get_object(builder, "menu"))!
        g_object_unref(UnsafeMutableRawPointer(builder))
        return menu
    }

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
