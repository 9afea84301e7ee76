/// The page `duosite new` writes when the site gives no skeleton of its own
/// (`Content/archetype.md`): a draft pattern page with each section a
/// pattern page has, and the guidance for the editor in HTML comments,
/// which the build leaves out. A Mustache template, given what `NewPage`
/// gives an archetype.
enum PageSkeleton {
    /// The template's text.
    static let template = #"""
    ---
    title: {{{title_yaml}}}
    summary: "One or two sentences on what this pattern asks of an app on iPhone Duo."
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

    Describe the problem here.

    ## The rules

    <!--
      One numbered item for each rule; rule N gets the anchor #rule-N, which
      other pages link to. A rule's last paragraph, after a blank line and
      indented like its text, is its citation block: the sources behind it,
      by their ids in Content/sources.yml, for example

         Sources (apple): hig § Vertical controls · raise-the-bar @ 6:13
    -->

    1. Write the first rule here.

    ## FAQ

    <!--
      Questions people ask a search engine, each a ### heading with its
      answer below it. Each becomes part of the page's FAQ structured data.
    -->

    ### What question does {{{title}}} answer?

    Answer it here, in a sentence or two.

    """#
}
