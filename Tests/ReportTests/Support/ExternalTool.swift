import Foundation

/// Runs a system tool (`/usr/bin/tar`, `/usr/bin/gzip`) and collects what it prints.
struct ExternalTool {
    struct Result {
        var status: Int32
        var output: [UInt8]
        var errors: String
        var text: String { String(decoding: output, as: UTF8.self) }
    }

    let path: String

    func run(_ arguments: [String], input: [UInt8]? = nil, in folder: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        if let input {
            // Write from another thread so a large output cannot block the writer.
            let handle = inputPipe.fileHandleForWriting
            DispatchQueue.global().async {
                handle.write(Data(input))
                try? handle.close()
            }
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: Array(outputData),
            errors: String(decoding: errorData, as: UTF8.self))
    }
}
