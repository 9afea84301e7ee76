/// The page `duosite new` writes when the site gives no skeleton of its own
/// (`Content/archetype.md`): a draft pattern page with each section a
/// pattern page has, and the guidance for the editor in HTML comments,
/// which the build leaves out. A Mustache template, given what `NewPage`
/// gives an archetype.
enum PageSkeleton {
    /// The skeleton's summary, which a published page must replace.
    static let summary = "One or two sentences on what this pattern asks of an app on iPhone Duo."
    /// The skeleton's sentences that stand for what the editor writes: left
    /// in a page that is not a draft, each is a `placeholder` error.
    static let sentences = [
        "Describe the problem here.", "Write the first rule here.", "Answer it here, in a sentence or two.",
    ]
    /// The start and end of the skeleton's question (`What question does
    /// <title> answer?`).
    static let question = (prefix: "What question does ", suffix: " answer?")

    /// The template's text.
    static let template = #"""
    ---
    title: {{{title_yaml}}}
    summary: "\#(summary)"
    status: {{status}}
    last_checked: {{today}}
    {{#owner_yaml}}
    owner: {{{owner_yaml}}}
    {{/owner_yaml}}
    draft: true
    ---

    <!--
      A new pattern page. It is a draft: `duosite build` leaves it out until
      the `draft: true` line above is deleted. Replace the summary above: it
      is the lede under the title and the page's description in search
      results. `last_checked` is the day the page was last checked against
      Apple's guidance; `duosite mark-checked {{slug}}` sets it to today.
      Comments like this one are left out of the published page.
    -->

    ## The problem

    <!--
      What goes wrong on iPhone Duo without this pattern, in a paragraph or
      two. A demo block (a ```demo fence) can show it before and after:
      docs/content-format.md says how.
    -->

    \#(sentences[0])

    ## The rules

    <!--
      One numbered item for each rule; rule N gets the anchor #rule-N, which
      other pages link to. A rule's last paragraph, after a blank line and
      indented like its text, is its citation block: the sources behind it,
      by their ids in Content/sources.yml, for example

         Sources (apple): hig § Vertical controls · raise-the-bar @ 6:13
    -->

    1. \#(sentences[1])

    ## FAQ

    <!--
      Questions people ask a search engine, each a ### heading with its
      answer below it. Each becomes part of the page's FAQ structured data.
    -->

    ### \#(question.prefix){{{title}}}\#(question.suffix)

    \#(sentences[2])

    """#
}
