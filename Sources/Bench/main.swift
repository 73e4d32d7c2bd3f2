import Foundation
import TestSupport

// `swift run -c release pocket-bench [--json] [--quick] ...`: timings of Pocket's own stack
// (see BenchConfig.usage and docs/benchmarks.md).

func write(_ text: String, to handle: FileHandle = .standardOutput) {
  handle.write(Data(text.utf8))
}

/// Says `error` on standard error and ends the program with `status`.
func fail(_ error: any Error, status: Int32 = 1) -> Never {
  write("\(error)\n", to: .standardError)
  exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
// A child that ended before it read what a workload writes to it is an error of that
// `write`, not the end of the benchmark.
SpawnedDescriptors.brokenPipesAreErrors

if arguments.first == Probe.option {
  // The child of the memory workload: prints one number, its peak RSS in KiB.
  guard arguments.count == 3, let store = BenchStore(rawValue: arguments[1]) else {
    write("usage: pocket-bench \(Probe.option) sqlite|json PATH\n", to: .standardError)
    exit(2)
  }
  do {
    let peak = try await Probe.chatPeakRSS(
      store: store, directory: URL(fileURLWithPath: arguments[2]))
    write("\(peak)\n")
    exit(0)
  } catch {
    fail(error)
  }
}

let config: BenchConfig
do {
  config = try BenchConfig.parse(arguments)
} catch .help {
  write(BenchConfig.usage + "\n")
  exit(0)
} catch {
  fail(error, status: 2)
}

let scratch: Scratch
do {
  scratch = try Scratch()
} catch {
  fail(error)
}
/// Every result of the run, kept for `--markdown`.
final class Collected {
  var results: [BenchResult] = []
}
let collected = Collected()
let started = Date()

/// Prints one result and keeps it.
@MainActor func emit(_ result: BenchResult) {
  write((config.json ? result.jsonLine : TableFormat.row(result)) + "\n")
  collected.results.append(result)
}

/// Writes the `--markdown` section, if one was asked for; false when that failed.
@MainActor func writeMarkdown() -> Bool {
  guard let path = config.markdownPath else { return true }
  let report = MarkdownReport(
    config: config, arguments: arguments, date: started, results: collected.results)
  do {
    try report.write(to: path)
  } catch {
    write("\(error)\n", to: .standardError)
    return false
  }
  guard config.process else { return true }
  // The README's summary block, from the same run.
  let readme = config.readmePath ?? "README.md"
  if config.readmePath == nil {
    // Without --readme, only a README.md here that has the block is written.
    let text = try? String(contentsOfFile: readme, encoding: .utf8)
    guard let text else { return true }
    guard text.contains(ReadmeSummary.beginMarker) else {
      write("pocket-bench: \(readme) has no summary block; left as it is\n", to: .standardError)
      return true
    }
  }
  do {
    try ReadmeSummary(report).write(to: readme)
    return true
  } catch {
    write("\(error)\n", to: .standardError)
    return false
  }
}

if !config.json {
  if let cap = config.jsonMaxRows {
    write("The json store gets at most \(TableFormat.grouped(cap)) records of a kind.\n")
  }
  write(TableFormat.header + "\n")
}
if config.process {
  do {
    let benchmark = try ProcessBenchmark(
      sizes: config.processSizes, scratch: scratch,
      staticFolder: config.staticFolder.map { URL(fileURLWithPath: $0) }
        ?? ProcessBenchmark.defaultStaticFolder()
    ) { result in
      emit(result)
    }
    try await benchmark.run()
    scratch.removeAll()
    exit(writeMarkdown() ? 0 : 1)
  } catch {
    scratch.removeAll()
    fail(error)
  }
}
let benchmark = Benchmark(
  config: config, scratch: scratch, executablePath: Probe.executablePath
) { result in
  emit(result)
}
do {
  try await benchmark.run()
  scratch.removeAll()
  if !writeMarkdown() { exit(1) }
} catch {
  scratch.removeAll()
  fail(error)
}
