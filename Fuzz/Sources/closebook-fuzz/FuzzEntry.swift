import Foundation

/// The target of this run, from CLOSEBOOK_FUZZ_TARGET (csv, ofx1, ofx2, qif, rules, config, overrides).
let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["CLOSEBOOK_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("set CLOSEBOOK_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    return target
}()

/// libFuzzer calls this with every input it makes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget.run(bytes)
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// SwiftPM enters an executable through `<target>_main`; libFuzzer's driver takes it from there.
@_cdecl("closebook_fuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    _ = selectedTarget
    var count = argc
    var vector = argv
    return runFuzzerDriver(&count, &vector, fuzzOneInput)
}
