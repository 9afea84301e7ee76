"""duosite lsp driven as editors drive it: pytest-lsp starts the server,
speaks to it with the capabilities of a real client (Visual Studio Code,
which counts positions in UTF-16, and Neovim 0.11, which offers UTF-8;
and Visual Studio Code as it is now, asking for diagnostics rather than
being sent them), and checks every answer against the protocol and those
capabilities."""

import asyncio
import os
import pathlib
import shutil
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
DUOSITE = os.environ["DUOSITE"]
TODAY = os.environ.get("TODAY", "2026-11-29")
PAGE = "Content/patterns/symbols-not-labels.md"
OTHER = "Content/patterns/where-the-bars-go.md"
RENAMED = "Content/patterns/bars-on-the-side.md"


@pytest.fixture
def site(tmp_path, request):
    """A copy of the repository's site, for one test; built before the
    server starts when the test is marked `published` (so that an address
    given up since is one the site published)."""
    for folder in ("Content", "Theme"):
        shutil.copytree(REPOSITORY / folder, tmp_path / folder)
    if request.node.get_closest_marker("published"):
        subprocess.run([DUOSITE, "build", "--today", TODAY, "--root", str(tmp_path), "--quiet"], check=True, capture_output=True, timeout=120)
    return tmp_path


PULLS = "visual-studio-code+pull"


def capabilities(name):
    """A client's capabilities; `+pull`: asking for diagnostics, a
    document's and the workspace's, as Visual Studio Code does now."""
    found = client_capabilities(name.removesuffix("+pull"))
    if name.endswith("+pull"):
        found.text_document.diagnostic = types.DiagnosticClientCapabilities(dynamic_registration=False, related_document_support=False)
        found.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    return found


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[DUOSITE, "lsp", "--today", TODAY]),
    params=["visual-studio-code", "neovim@v0.11.0", PULLS],
)
async def client(lsp_client: LanguageClient, request, site):
    params = types.InitializeParams(
        capabilities=capabilities(request.param),
        root_uri=site.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=site.as_uri(), name="site")],
    )
    result = await lsp_client.initialize_session(params)
    lsp_client.encoding = result.capabilities.position_encoding or "utf-16"
    lsp_client.site = site
    lsp_client.pulls = result.capabilities.diagnostic_provider is not None
    assert lsp_client.pulls == (request.param == PULLS)
    yield
    await lsp_client.shutdown_session()
    # shutdown, then exit: the server ends with status 0.
    assert lsp_client._server.returncode == 0


def uri(client, file):
    return (client.site / file).as_uri()


def column(client, text):
    """The length of `text` in the agreed position encoding's units."""
    if client.encoding == "utf-8":
        return len(text.encode("utf-8"))
    return len(text.encode("utf-16-le")) // 2


def position(client, text, needle, offset=0):
    """Where `needle` first starts in `text`, as the client counts it."""
    index = text.index(needle)
    before = text[:index]
    line = before.count("\n")
    start = before.rfind("\n") + 1
    return types.Position(line=line, character=column(client, text[start:index]) + offset)


def open_page(client, file, text=None, version=1):
    text = text if text is not None else (client.site / file).read_text()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri(client, file), language_id="markdown", version=version, text=text)
        )
    )
    return text


def change_page(client, file, text, version):
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(client, file), version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


async def diagnostics_until(client, file, predicate, timeout=10):
    """The diagnostics of `file` once `predicate` holds for them: as they
    are sent, or, to a client that asks, as it asks again and again."""
    async def wait():
        if client.pulls:
            while True:
                report = await client.text_document_diagnostic_async(
                    types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri(client, file)))
                )
                if predicate(report.items):
                    return report.items
                await asyncio.sleep(0.05)
        while not predicate(client.diagnostics.get(uri(client, file))):
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return client.diagnostics[uri(client, file)]
    return await asyncio.wait_for(wait(), timeout)


async def test_the_position_encoding_is_the_clients(client: LanguageClient):
    assert client.encoding == ("utf-8" if client.capabilities.general.position_encodings and "utf-8" in client.capabilities.general.position_encodings else "utf-16")


async def test_diagnostics_come_as_the_page_is_edited_and_go_once_fixed(client: LanguageClient):
    text = open_page(client, PAGE)
    assert len(await diagnostics_until(client, PAGE, lambda found: found is not None)) == 0
    # A broken link after curly quotes and an emoji, unsaved.
    broken = text + "\nCurly “quotes” 😀 then [a link](nowhere.md#rule-1).\n"
    change_page(client, PAGE, broken, 2)
    found = await diagnostics_until(client, PAGE, lambda found: found)
    link = next(d for d in found if d.code == "broken-link")
    assert link.severity == types.DiagnosticSeverity.Error
    assert link.source == "duosite"
    assert link.range.start == position(client, broken, "[a link]")
    change_page(client, PAGE, text, 3)
    await diagnostics_until(client, PAGE, lambda found: found is not None and len(found) == 0)


async def test_an_incremental_change_after_an_emoji_is_applied_where_it_says(client: LanguageClient):
    text = open_page(client, PAGE, text=(client.site / PAGE).read_text() + "\nCurly “quotes” 😀 then [a link](where-the-bars-go.md).\n")
    assert len(await diagnostics_until(client, PAGE, lambda found: found is not None)) == 0
    start = position(client, text, "where-the-bars-go.md)")
    end = types.Position(line=start.line, character=start.character + len("where-the-bars-go"))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(client, PAGE), version=2),
            content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text="nowhere")],
        )
    )
    found = await diagnostics_until(client, PAGE, lambda found: found)
    link = next(d for d in found if d.code == "broken-link")
    assert "'nowhere.md'" in link.message
    assert link.range.start == position(client, text, "[a link]")


async def test_a_change_on_disk_to_sources_yml_refreshes_the_open_page(client: LanguageClient):
    open_page(client, PAGE)
    await diagnostics_until(client, PAGE, lambda found: found is not None)
    sources = client.site / "Content/sources.yml"
    sources.write_text(sources.read_text().replace("\nhig:\n", "\nhig-renamed:\n"))
    # The server's own watcher sees it: no notification from the client.
    found = await diagnostics_until(client, PAGE, lambda found: any(d.code == "unknown-source" for d in found or []))
    assert any(d.severity == types.DiagnosticSeverity.Error for d in found)


async def test_hover_on_a_source_and_on_a_demo_item(client: LanguageClient):
    text = open_page(client, PAGE)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri(client, PAGE)), position=position(client, text, "hig § Vertical", 1))
    )
    assert hover.contents.value.startswith("**Designing for iPhone Duo**")
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri(client, PAGE)), position=position(client, text, "{id: share, title: Share}", 5))
    )
    assert "| Symbols | column | symbol | symbols-not-labels#rule-1 |" in hover.contents.value


async def test_definition_of_a_cross_reference_after_curly_quotes(client: LanguageClient):
    text = open_page(client, PAGE)
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri(client, PAGE)), position=position(client, text, "[Where the bars go, rule 1]", 3))
    )
    location = found[0] if isinstance(found, list) else found
    assert location.uri == uri(client, OTHER)
    target = (client.site / OTHER).read_text()
    assert location.range.start == position(client, target, "1. Bars that come")


async def test_document_symbols_list_the_sections_and_rules(client: LanguageClient):
    open_page(client, PAGE)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri(client, PAGE)))
    )
    assert [symbol.name for symbol in symbols] == ["The problem", "The rules", "Demo", "FAQ"]
    assert len(symbols[1].children) == 8


async def test_completion_of_a_source_id_in_a_citation_block(client: LanguageClient):
    text = open_page(client, PAGE)
    typed = text.replace("Sources (apple): raise-the-bar @ 8:59 · raise-the-bar @ 9:25", "Sources (apple): raise-the-bar @ 8:59 · de")
    change_page(client, PAGE, typed, 2)
    needle = "Sources (apple): raise-the-bar @ 8:59 · de"
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri(client, PAGE)), position=position(client, typed, needle, column(client, needle)))
    )
    items = result.items if isinstance(result, types.CompletionList) else result
    assert [item.label for item in items] == ["developer-article", "design-for-duo"]


# The second half: references, rename, code actions, lenses, workspace
# symbols, document links, every file's diagnostics.


def document(client, file):
    return types.TextDocumentIdentifier(uri=uri(client, file))


def offset(client, text, position):
    """The index in `text` of an LSP position, as the client counts it."""
    lines = text.split("\n")
    start = sum(len(line) + 1 for line in lines[: position.line])
    line = lines[position.line]
    units = 0
    for index, character in enumerate(line):
        if units >= position.character:
            return start + index
        units += column(client, character)
    return start + len(line)


def applied(client, text, edits):
    """`text` with LSP text edits applied, last first."""
    for edit in sorted(edits, key=lambda edit: (edit.range.start.line, edit.range.start.character), reverse=True):
        text = text[: offset(client, text, edit.range.start)] + edit.new_text + text[offset(client, text, edit.range.end):]
    return text


def apply_workspace_edit(client, edit):
    """Applies a WorkspaceEdit to the site's files, as an editor does."""
    for change in edit.document_changes or []:
        if isinstance(change, types.RenameFile):
            pathlib.Path(types_path(change.old_uri)).rename(types_path(change.new_uri))
        else:
            path = pathlib.Path(types_path(change.text_document.uri))
            path.write_text(applied(client, path.read_text(), change.edits))
    for file_uri, edits in (edit.changes or {}).items():
        path = pathlib.Path(types_path(file_uri))
        path.write_text(applied(client, path.read_text(), edits))


def types_path(file_uri):
    from urllib.parse import unquote, urlparse
    return unquote(urlparse(file_uri).path)


def check(site):
    """`duosite check` of the site: its status and what it says."""
    run = subprocess.run([DUOSITE, "check", "--today", TODAY, "--root", str(site)], capture_output=True, text=True, timeout=60)
    return run.returncode, run.stderr


def places(client, locations):
    """Each location as `file:line: text`, 1-based."""
    found = []
    for location in locations:
        path = pathlib.Path(types_path(location.uri))
        text = path.read_text()
        covered = text[offset(client, text, location.range.start): offset(client, text, location.range.end)]
        found.append(f"{path.relative_to(client.site)}:{location.range.start.line + 1}: {covered}")
    return found


async def test_references_to_a_rule_and_to_a_source(client: LanguageClient):
    text = open_page(client, OTHER)
    found = await client.text_document_references_async(types.ReferenceParams(
        text_document=document(client, OTHER), position=position(client, text, "1. Bars that come", 20),
        context=types.ReferenceContext(include_declaration=False)))
    assert places(client, found) == [
        f"{PAGE}:34: [Where the bars go, rule 1](where-the-bars-go.md#rule-1)",
        "Content/placement.yml:45: where-the-bars-go#rule-1",
    ]
    page = open_page(client, PAGE)
    found = await client.text_document_references_async(types.ReferenceParams(
        text_document=document(client, PAGE), position=position(client, page, "hig § Vertical", 1),
        context=types.ReferenceContext(include_declaration=True)))
    assert places(client, found) == [
        "Content/sources.yml:4: hig", f"{PAGE}:42: hig", f"{PAGE}:46: hig", f"{PAGE}:70: hig", f"{OTHER}:15: hig",
    ]


async def test_a_source_renamed_checks_clean(client: LanguageClient):
    before = check(client.site)
    text = open_page(client, PAGE)
    at = position(client, text, "raise-the-bar @ 6:13", 3)
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=document(client, PAGE), position=at))
    assert prepared.placeholder == "raise-the-bar"
    edit = await client.text_document_rename_async(types.RenameParams(text_document=document(client, PAGE), position=at, new_name="raise-the-bar-talk"))
    apply_workspace_edit(client, edit)
    assert "raise-the-bar-talk @ 6:13" in (client.site / PAGE).read_text()
    assert "\nraise-the-bar-talk:\n" in (client.site / "Content/sources.yml").read_text()
    assert check(client.site) == before


@pytest.mark.published
async def test_a_page_renamed_with_its_links_and_the_placement_table_checks_clean(client: LanguageClient):
    before = check(client.site)
    text = open_page(client, PAGE)
    at = position(client, text, "where-the-bars-go.md#rule-1)", 2)
    edit = await client.text_document_rename_async(types.RenameParams(text_document=document(client, PAGE), position=at, new_name="bars-on-the-side"))
    assert isinstance(edit.document_changes[-1], types.RenameFile)
    apply_workspace_edit(client, edit)
    assert not (client.site / OTHER).exists()
    # As duosite mv moves it: the address it was published at is its alias.
    assert "\naliases: [/patterns/where-the-bars-go/]\n" in (client.site / RENAMED).read_text()
    assert "(bars-on-the-side.md#rule-1)" in (client.site / PAGE).read_text()
    assert "rule: bars-on-the-side#rule-1\n" in (client.site / "Content/placement.yml").read_text()
    assert check(client.site) == before


async def test_a_slug_taken_is_refused(client: LanguageClient):
    text = open_page(client, PAGE)
    at = position(client, text, "where-the-bars-go.md#rule-1)", 2)
    with pytest.raises(Exception, match="exists already"):
        await client.text_document_rename_async(types.RenameParams(text_document=document(client, PAGE), position=at, new_name="symbols-not-labels"))


@pytest.mark.published
async def test_an_address_removed_is_made_an_alias_of_the_page_that_took_its_place(client: LanguageClient):
    before = check(client.site)
    (client.site / OTHER).rename(client.site / RENAMED)
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=uri(client, OTHER), type=types.FileChangeType.Deleted),
        types.FileEvent(uri=uri(client, RENAMED), type=types.FileChangeType.Created)]))
    text = open_page(client, RENAMED)
    found = await diagnostics_until(client, RENAMED, lambda found: found and any(d.code == "address-removed" for d in found))
    removed = next(d for d in found if d.code == "address-removed")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=document(client, RENAMED), range=removed.range, context=types.CodeActionContext(diagnostics=[removed])))
    assert [action.title for action in actions] == ["Add alias /patterns/where-the-bars-go/"]
    assert actions[0].kind == types.CodeActionKind.QuickFix and actions[0].is_preferred
    apply_workspace_edit(client, actions[0].edit)
    assert (client.site / RENAMED).read_text() == text.replace("order: 1\n", "order: 1\naliases: [/patterns/where-the-bars-go/]\n")
    # The one link to the page, mended by hand: the site checks as it did before.
    (client.site / PAGE).write_text((client.site / PAGE).read_text().replace("(where-the-bars-go.md#rule-1)", "(bars-on-the-side.md#rule-1)"))
    table = client.site / "Content/placement.yml"
    table.write_text(table.read_text().replace("where-the-bars-go#rule-", "bars-on-the-side#rule-"))
    assert check(client.site) == before


async def test_quick_fixes_mend_a_typo_and_a_stale_page(client: LanguageClient):
    text = (client.site / PAGE).read_text()
    typo = text.replace("hig § Vertical controls · raise-the-bar @ 12:50", "hgi § Vertical controls · raise-the-bar @ 12:50").replace("last_checked: 2026-10-08", "last_checked: 2025-01-08")
    open_page(client, PAGE, typo)
    found = await diagnostics_until(client, PAGE, lambda found: found and {"unknown-source", "stale"} <= {d.code for d in found})
    unknown = next(d for d in found if d.code == "unknown-source")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=document(client, PAGE), range=unknown.range, context=types.CodeActionContext(diagnostics=[unknown])))
    fix = next(action for action in actions if action.title == "Change to 'hig'")
    assert fix.kind == types.CodeActionKind.QuickFix and fix.diagnostics[0].code == "unknown-source"
    edits = fix.edit.changes[uri(client, PAGE)] if fix.edit.changes else fix.edit.document_changes[0].edits
    mended = applied(client, typo, edits)
    assert "hig § Vertical controls · raise-the-bar @ 12:50" in mended
    assert any(action.title == "Add 'hgi' to sources.yml" for action in actions)
    stale = next(d for d in found if d.code == "stale")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=document(client, PAGE), range=stale.range, context=types.CodeActionContext(diagnostics=[stale])))
    assert [action.title for action in actions] == [f"Mark checked today ({TODAY})"]
    edits = actions[0].edit.changes[uri(client, PAGE)] if actions[0].edit.changes else actions[0].edit.document_changes[0].edits
    assert applied(client, typo, edits) == typo.replace("last_checked: 2025-01-08", f"last_checked: {TODAY}")


async def test_code_lenses_over_the_rules_and_the_front_matter(client: LanguageClient):
    open_page(client, OTHER)
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=document(client, OTHER)))
    assert [(lens.range.start.line, lens.command.title) for lens in lenses] == [
        (0, "Checked 2026-10-08 · due 2027-04-06"), (12, "Cited by 1 · decides 2 figures"),
    ]


async def test_workspace_symbols_by_subsequence(client: LanguageClient):
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="snl rule 3"))
    assert [symbol.name for symbol in found] == ["Symbols, not labels: bar items on iPhone Duo — rule 3: A control too wide for the column, such…"]
    assert found[0].location.uri == uri(client, PAGE) and found[0].location.range.start.line == 47


async def test_document_links_to_pages_and_sources(client: LanguageClient):
    text = open_page(client, PAGE)
    links = await client.text_document_document_link_async(types.DocumentLinkParams(text_document=document(client, PAGE)))
    by_target = {link.target: text[offset(client, text, link.range.start): offset(client, text, link.range.end)] for link in links}
    assert by_target[uri(client, OTHER) + "#L13"] == "where-the-bars-go.md#rule-1"
    assert by_target["https://developer.apple.com/videos/play/tech-talks/111470/?time=373"] == "raise-the-bar @ 6:13"


async def test_a_closed_page_broken_on_disk_shows_in_the_problems(client: LanguageClient):
    open_page(client, PAGE)
    await diagnostics_until(client, PAGE, lambda found: found is not None)
    other = client.site / OTHER
    other.write_text(other.read_text() + "\nSee [this](nowhere.md).\n")

    async def reported():
        while True:
            if client.pulls:
                report = await client.workspace_diagnostic_async(types.WorkspaceDiagnosticParams(previous_result_ids=[]))
                found = next((item.items for item in report.items if item.uri == uri(client, OTHER)), [])
            else:
                found = client.diagnostics.get(uri(client, OTHER)) or []
            if any(d.code == "broken-link" for d in found):
                return found
            await asyncio.sleep(0.05)
    found = await asyncio.wait_for(reported(), 10)
    assert next(d for d in found if d.code == "broken-link").range.start.line == 18
