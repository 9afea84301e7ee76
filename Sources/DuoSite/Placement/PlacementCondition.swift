import Diagnostics

/// One condition of a `when` map: a subject and the test its value must
/// pass, as in `symbol: present` or `device.column: none`.
public struct PlacementCondition: Sendable, Hashable {
    /// What the condition looks at.
    public var subject: ConditionSubject
    /// What it asks of the value.
    public var test: ConditionTest
    /// Where the condition's key is written.
    public var location: SourceLocation

    /// Creates a condition.
    public init(subject: ConditionSubject, test: ConditionTest, location: SourceLocation) {
        self.subject = subject
        self.test = test
        self.location = location
    }

    /// Whether `item` on `device` passes the condition.
    public func matches(_ item: BarItem, on device: Device) -> Bool {
        test.matches(subject.value(of: item, on: device))
    }

    /// The condition as `placement.yml` writes it: `symbol: present`.
    public var text: String { "\(subject): \(test)" }
}
