import Foundation
import Mustache
import Testing

/// One test of the official Mustache spec, named by file and test name so a failure says which.
struct SpecCase: Sendable, CustomTestStringConvertible {
    let file: String
    let name: String
    let summary: String
    let data: Value
    let template: String
    let partials: [String: String]
    let expected: String

    var testDescription: String { "\(file): \(name)" }
}

/// The spec files this engine implements, copied from the official spec into `Fixtures/spec`.
enum Spec {
    static let files = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "optional-inheritance"]

    static let cases: [SpecCase] = files.flatMap(load)

    private struct File: Decodable {
        let tests: [Entry]
    }

    private struct Entry: Decodable {
        let name: String
        let desc: String
        let data: Value
        let template: String
        let partials: [String: String]?
        let expected: String
    }

    private static func load(_ file: String) -> [SpecCase] {
        guard let url = Bundle.module.url(forResource: file, withExtension: "json", subdirectory: "Fixtures/spec") else {
            fatalError("missing spec fixture \(file).json")
        }
        do {
            let entries = try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).tests
            return entries.map {
                SpecCase(
                    file: file, name: $0.name, summary: $0.desc, data: $0.data,
                    template: $0.template, partials: $0.partials ?? [:], expected: $0.expected
                )
            }
        } catch {
            fatalError("cannot read spec fixture \(file).json: \(error)")
        }
    }
}

@Suite("Official Mustache spec")
struct SpecTests {
    @Test("spec test", arguments: Spec.cases)
    func specTest(_ test: SpecCase) throws {
        let output = try TemplateLibrary.render(test.template, test.data, partials: test.partials)
        #expect(output == test.expected, "\(test.summary)")
    }

    @Test("every spec test of every required file is loaded")
    func allCasesLoaded() {
        let counts = Dictionary(grouping: Spec.cases, by: \.file).mapValues(\.count)
        #expect(counts == [
            "comments": 12, "delimiters": 14, "interpolation": 42, "inverted": 22,
            "partials": 12, "sections": 34, "optional-inheritance": 27,
        ])
    }

    @Test("the spec's own fixtures are the pinned version, with their licence")
    func fixturesPinned() throws {
        let version = try #require(Bundle.module.url(forResource: "VERSION", withExtension: nil, subdirectory: "Fixtures/spec"))
        #expect(try String(contentsOf: version, encoding: .utf8).hasPrefix("9cb20c3d6ed32f4b800fd9db36b0706aec485b6a"))
        #expect(Bundle.module.url(forResource: "LICENSE", withExtension: nil, subdirectory: "Fixtures/spec") != nil)
    }
}
