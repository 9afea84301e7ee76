import Diagnostics
import YAML

extension Device {
    /// The longest length a profile may give, in points (a phone is a few
    /// hundred): every number of a profile, the column's width and slot
    /// included, is at most this, so that the figures' arithmetic never
    /// overflows.
    static let maximumLength = 100_000

    /// Reads devices.yml's root node: a map from id to profile.
    static func readAll(_ node: YAMLNode, file: String) -> ([Device], [Diagnostic]) {
        guard let pairs = node.pairs else {
            let location = SourceLocation(file: file, line: node.mark.line, column: node.mark.column)
            return ([], [Diagnostic(.invalidField, "devices.yml should be a map from device id to its profile", at: location)])
        }
        var diagnostics: [Diagnostic] = []
        var devices: [Device] = []
        for pair in pairs {
            let id = pair.key.string ?? ""
            var reader = MappingReader(file: file, node: pair.value, subject: "device '\(id)'")
            let name = reader.string("name", required: true)
            func size(_ key: String, required: Bool = true) -> Int {
                guard let value = reader.int(key, required: required) else { return 0 }
                if value.value < 0 || value.value > Device.maximumLength {
                    reader.diagnostics.append(Diagnostic(.invalidField, "'\(key)' should be between 0 and \(Device.maximumLength) points", at: value.location))
                    return 0
                }
                return value.value
            }
            let width = size("width"), height = size("height")
            let statusBar = size("status_bar"), topBar = size("top_bar"), bottomBar = size("bottom_bar")
            var column: Column?
            if let value = reader.value("column", required: true) {
                if value.string == "none" {
                    column = nil
                } else if value.pairs != nil {
                    var columnReader = MappingReader(file: file, node: value, subject: "the column of device '\(id)'")
                    let edgeText = columnReader.string("edge", required: true)
                    let edge = edgeText.flatMap { Column.Edge(rawValue: $0.value) }
                    if let edgeText, edge == nil {
                        columnReader.diagnostics.append(Diagnostic(.invalidField, "'edge' should be leading or trailing, not '\(edgeText.value)'", at: edgeText.location))
                    }
                    let columnWidthValue = columnReader.int("width", required: true)
                    let columnWidth = columnWidthValue?.value ?? 0
                    // The column stands beside the content, below the status bar.
                    if let columnWidthValue, columnWidth <= 0 || columnWidth > Device.maximumLength || (width > 0 && columnWidth >= width) {
                        columnReader.diagnostics.append(Diagnostic(.invalidField, "the column's 'width' should be more than 0 points and leave room for the content beside it: less than the device's width, \(width)", at: columnWidthValue.location))
                    }
                    let slot = columnReader.int("slot", required: true)
                    if let slot, slot.value <= 0 {
                        columnReader.diagnostics.append(Diagnostic(.invalidField, "'slot' should be more than 0 points", at: slot.location))
                    } else if let slot, slot.value > Device.maximumLength || (height > 0 && slot.value > height - statusBar) {
                        columnReader.diagnostics.append(Diagnostic(.invalidField, "'slot' should fit in the column: at most the device's height less its status bar, \(height - statusBar) points", at: slot.location))
                    }
                    columnReader.reportUnknownKeys(known: ["edge", "width", "slot"], code: .invalidField)
                    reader.diagnostics += columnReader.diagnostics
                    // A number refused reaches the figures within the limit, so
                    // that drawing them never overflows (the build stops on the error).
                    column = Column(edge: edge ?? .trailing, width: min(max(columnWidth, 0), Device.maximumLength),
                                    slot: min(max(slot?.value ?? 1, 1), Device.maximumLength))
                } else {
                    reader.diagnostics.append(Diagnostic(.invalidField, "'column' should be none or a map with edge, width and slot", at: reader.location(value.mark)))
                }
            }
            if height > 0, statusBar + topBar + bottomBar >= height {
                reader.diagnostics.append(Diagnostic(.invalidField, "the bars of device '\(id)' (status \(statusBar) + top \(topBar) + bottom \(bottomBar) = \(statusBar + topBar + bottomBar) points) leave no room for the content: together they should be less than its height, \(height)", at: reader.location(pair.key.mark)))
            }
            reader.reportUnknownKeys(known: keys)
            diagnostics += reader.diagnostics
            devices.append(Device(
                id: id, name: name?.value ?? id, width: width, height: height, statusBar: statusBar,
                topBar: topBar, bottomBar: bottomBar, column: column,
                location: SourceLocation(file: file, line: pair.key.mark.line, column: pair.key.mark.column)
            ))
        }
        return (devices, diagnostics)
    }
}
