// The libFuzzer target `parser`: `.ci/fuzz` compiles this file with `-parse-as-library
// -sanitize=fuzzer,address` and links it against `FuzzEntries` (libFuzzer gives `main`).
import FuzzEntries

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  FuzzEntries.runFromMainThread("parser", Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}
