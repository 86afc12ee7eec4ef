// MenuBenchmark: measures GMenuKit's own work. Run it with `make bench` (a release build).
//
//   MenuBenchmark [--runs N]

let arguments = CommandLine.arguments
let runs = arguments.firstIndex(of: "--runs").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil } ?? 15

MainActor.assumeIsolated {
    GuidelineCheckBenchmark.run(runs: max(runs, 1))
}
