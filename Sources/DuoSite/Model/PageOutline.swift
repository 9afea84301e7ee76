import Diagnostics

/// What a page's Markdown holds besides its sections, rules, questions and
/// demos, each where it stands, as the page was read: what the checks about
/// the page alone judge (`Checker/Checkers/`). Reading notes what is there;
/// whether it is a mistake is theirs to say.
public struct PageOutline: Sendable {
    /// A heading, in the order readers meet them (those in lists and quotes
    /// too).
    public struct Heading: Sendable {
        /// 1 for `#`, 2 for `##`, …
        public var level: Int
        /// Where it is.
        public var location: SourceLocation
        /// Whether it has no text.
        public var isEmpty: Bool
        /// Whether it is a question of the page's FAQ (a `###` under `## FAQ`).
        public var isQuestion: Bool
        /// Whether it stands in a list or a quote rather than among the
        /// page's own blocks.
        public var isNested: Bool
    }

    /// A code block that is not a demo, with the first word of its info string.
    public struct CodeBlock: Sendable {
        /// The first word of its info string (`swift`, `Demo`), or empty.
        public var word: String
        /// Where its fence opens.
        public var location: SourceLocation
    }

    /// An image, with its source as written.
    public struct Image: Sendable {
        /// Its source as written.
        public var url: String
        /// Whether it has a description (alt text).
        public var hasAlt: Bool
        /// Where it is.
        public var location: SourceLocation
    }

    /// A link written relative to the page that is not to a page's file
    /// (`other`, `../images/x.png`, `other.html`).
    public struct RelativeLink: Sendable {
        /// The link as written.
        public var url: String
        /// Where it is.
        public var location: SourceLocation
    }

    /// A question written in bold or italics in the FAQ, rather than as a
    /// `###` heading.
    public struct EmphasizedQuestion: Sendable {
        /// The question.
        public var question: String
        /// `bold` or `italics`.
        public var style: String
        /// Where its paragraph is.
        public var location: SourceLocation
        /// Whether it stands in an answer (after a question) rather than
        /// before the first question.
        public var inAnswer: Bool
    }

    /// A heading ending in `?` under a question, one level or more too low
    /// to be a question of its own (`####`).
    public struct LowQuestion: Sendable {
        /// Its level.
        public var level: Int
        /// Its text.
        public var text: String
        /// Where it is.
        public var location: SourceLocation
    }

    /// A numbered list under `## The rules`: the first is the rule list.
    public struct NumberedList: Sendable {
        /// The number it starts at.
        public var start: Int
        /// Where it is.
        public var location: SourceLocation
    }

    /// A paragraph that reads like a citation block where no citation
    /// block is read.
    public struct StrayCitation: Sendable {
        /// Where it stands, and so why it is not read.
        public enum Place: Sendable, Equatable {
            /// Under `## The rules`, before the rule list.
            case beforeRuleList
            /// Under `## The rules`, after the rule list, not indented under a rule.
            case afterRuleList
            /// Written exactly as a citation block, in another section.
            case outsideRules
            /// In a rule, written into the paragraph above it.
            case inParagraph
            /// In a rule, starting as a citation block does, but misspelt.
            case misspelt
            /// In a rule, with more of the rule after it.
            case beforeRuleText
        }

        /// Where it stands.
        public var place: Place
        /// Where its text starts.
        public var location: SourceLocation
    }

    /// A piece of raw HTML (`<details>`, `<b>`), which the page leaves out
    /// unless the site allows raw HTML.
    public struct RawHTML: Sendable {
        /// The HTML as written.
        public var html: String
        /// Whether it is a block of its own rather than inside a paragraph.
        public var isBlock: Bool
        /// Where it starts.
        public var location: SourceLocation
    }

    /// Every heading, in reading order.
    public var headings: [Heading] = []
    /// Where each `## Sources` heading is (the source list is generated).
    public var sourcesHeadings: [SourceLocation] = []
    /// The code blocks in the page's text that are not demos.
    public var codeBlocks: [CodeBlock] = []
    /// Every image.
    public var images: [Image] = []
    /// The relative links that are not to a page's file.
    public var relativeLinks: [RelativeLink] = []
    /// Questions written in bold or italics in the FAQ.
    public var emphasizedQuestions: [EmphasizedQuestion] = []
    /// Headings ending in `?` under a question, too low to be questions.
    public var lowQuestions: [LowQuestion] = []
    /// The numbered lists under `## The rules`, in order.
    public var numberedLists: [NumberedList] = []
    /// The paragraphs that read like citation blocks but are not read as one.
    public var strayCitations: [StrayCitation] = []
    /// The raw HTML in the page, in document order.
    public var rawHTML: [RawHTML] = []

    /// An empty outline.
    public init() {}
}
