// MenuBenchmark: measures GMenuKit in a release build. Run everything with `make bench`.
//
//   MenuBenchmark [--runs N]
//       the guideline checks on a realistic menu bar
//   MenuBenchmark --case 1|2|3|4|5|6|7|8|9|10 --items N [--runs N]
//       one case of the comparison with plain C and PyGObject (Benchmarks/); prints RESULT lines
//   MenuBenchmark --case 9 --items N [--runs N]
//       a list's context menu opened on a row of an N-item GtkListView (GMenuKit and C only)
//   MenuBenchmark --case 10 --items N [--scrolling | --items-style] [--runs N]
//       a menu of N generated items opened to its first frame, a plain ForEach; --scrolling: asked
//       to scroll (.menuListStyle(.scrolling)); --items-style: ordinary items (.menuListStyle(.items))
//   MenuBenchmark --case 1 --items N --generated [--runs N]
//       case 1 for generated content (a history marked `.generatedContent()`)
//   MenuBenchmark --case 1 --items N --shared-icon [--runs N]
//       case 1 again, reported as 1-shared-icon: the C and Python sides then share one icon too
//   MenuBenchmark --case 2 --items N --part label|toggle|objects [--runs N]
//       one change of case 2 alone (for instruction counts)
//   MenuBenchmark --case 6 --items N [--shape sections|generated|inline] [--refresh-only] [--runs N]
//       a refresh with nothing changed, beside a full render of the same menu (--refresh-only:
//       the refreshes alone, as `menu_bench --case 6 --refresh-only`)
//   MenuBenchmark --case 7 --items N [--runs N]
//       a toggle row flipped while its menu of N items is open (needs a display)
//   MenuBenchmark --case 1 --items N --body|--inline-pair [--runs N]
//       case 1 written as custom content (`var body`), reported as 1-body; or inline, as 1-inline
//   MenuBenchmark --case 1 --items N --body-state [--runs N]
//       the same, every item keeping a `@State` too, reported as 1-body-state
//   MenuBenchmark --case 8 --items N [--runs N]
//       a GtkBuilder menu imported and rendered, against GtkBuilder's parse (C side only)
//   MenuBenchmark --case 8 --items N --paired [--runs N]
//       the same, with GtkBuilder's parse taking turns with it in this process
//   MenuBenchmark --case 1 --items N --rss
//       builds the menu once in this fresh process and prints its peak memory (RSS line)
//   MenuBenchmark --case 11 --items N [--runs N]
//       a test's headless reading (GMenuKitTesting: render, find by path, activate) against
//       rendering the same menu to GTK; and finding alone (GMenuKit only); with --find or
//       --find-deep, only the finding, for instruction counts
//   MenuBenchmark --case 12 --items N [--runs N]
//       one keystroke of the command palette's search over N commands, against GtkFilterListModel
//   MenuBenchmark --case 13 --items N [--runs N]
//       the command palette of an app with N commands opened to its first frame (needs a display)
//   MenuBenchmark --main-loop [--samples N]
//       Swift concurrency on the GLib main loop against g_idle_add (LATENCY lines)
//   MenuBenchmark --main-loop-idle with|without
//       wake-ups of an idle 2-second g_main_loop_run with the bridge or without (IDLE line)

#if canImport(Glibc)
    import Glibc
#endif

let arguments = CommandLine.arguments

func value(of option: String) -> Int? {
    arguments.firstIndex(of: option).flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
}

let runs = max(value(of: "--runs") ?? 15, 1)

MainActor.assumeIsolated {
    if arguments.contains("--main-loop") {
        MainLoopCase.run(samples: max(value(of: "--samples") ?? 10_000, 1))
        return
    }
    if let index = arguments.firstIndex(of: "--main-loop-idle") {
        MainLoopCase.idle(withBridge: arguments.indices.contains(index + 1) && arguments[index + 1] == "with")
        return
    }
    guard let comparisonCase = value(of: "--case") else {
        GuidelineCheckBenchmark.run(runs: runs)
        return
    }
    guard let items = value(of: "--items"), items > 0, items % 10 == 0 else {
        printError("--items N is needed, a multiple of 10")
        exit(2)
    }
    switch comparisonCase {
    case 1 where arguments.contains("--rss"): BuildMenuCase.peakMemory(items: items)
    case 1 where arguments.contains("--body-state"): BodyMenuCase.run(items: items, runs: runs, body: true, withState: true)
    case 1 where arguments.contains("--body"): BodyMenuCase.run(items: items, runs: runs, body: true)
    case 1 where arguments.contains("--inline-pair"): BodyMenuCase.run(items: items, runs: runs, body: false)
    case 1 where arguments.contains("--generated"): BuildMenuCase.runGenerated(items: items, runs: runs)
    case 1 where arguments.contains("--shared-icon"):
        // GMenuKit always serializes an icon once per menu; the other sides are asked to do the same.
        BuildMenuCase.run(items: items, runs: runs, caseName: "1-shared-icon")
    case 1: BuildMenuCase.run(items: items, runs: runs)
    case 2:
        let part = arguments.firstIndex(of: "--part").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
        UpdateItemCase.run(items: items, runs: runs, part: part)
    case 3: GeneratedContentCase.run(items: items, runs: runs)
    case 4: TeardownCase.run(items: items, runs: runs)
    case 5: OpenPopoverCase.run(items: items, runs: runs)
    case 6:
        let shape = arguments.firstIndex(of: "--shape").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
        UnchangedRefreshCase.run(items: items, runs: runs, shape: shape ?? "sections")
    case 7: OpenToggleCase.run(items: items, runs: runs)
    case 8 where arguments.contains("--phases"): BuilderImportCase.phases(items: items)
    case 8 where arguments.contains("--paired"): BuilderImportCase.paired(items: items, runs: runs)
    case 8: BuilderImportCase.run(items: items, runs: runs)
    case 9: ListMenuCase.run(items: items, runs: runs)
    case 10:
        let style: LongMenuCase.Style = arguments.contains("--scrolling") ? .scrolling : arguments.contains("--items-style") ? .items : .automatic
        LongMenuCase.run(items: items, runs: runs, style: style)
    case 11 where arguments.contains("--find"): InspectionCase.findOnly(items: items, runs: runs, deep: false)
    case 11 where arguments.contains("--find-deep"): InspectionCase.findOnly(items: items, runs: runs, deep: true)
    case 11: InspectionCase.run(items: items, runs: runs)
    case 12: CommandSearchCase.run(items: items, runs: runs)
    case 13: PaletteOpenCase.run(items: items, runs: runs)
    default:
        printError("no case \(comparisonCase); cases are 1 to 13")
        exit(2)
    }
}
