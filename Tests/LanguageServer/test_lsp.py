"""duosite lsp driven as editors drive it: pytest-lsp starts the server,
speaks to it with the capabilities of a real client (Visual Studio Code,
which counts positions in UTF-16, and Neovim 0.11, which offers UTF-8),
and checks every answer against the protocol and those capabilities."""

import asyncio
import os
import pathlib
import shutil

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
DUOSITE = os.environ["DUOSITE"]
TODAY = os.environ.get("TODAY", "2026-11-29")
PAGE = "Content/patterns/symbols-not-labels.md"
OTHER = "Content/patterns/where-the-bars-go.md"


@pytest.fixture
def site(tmp_path):
    """A copy of the repository's site, for one test."""
    for folder in ("Content", "Theme"):
        shutil.copytree(REPOSITORY / folder, tmp_path / folder)
    return tmp_path


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[DUOSITE, "lsp", "--today", TODAY]),
    params=["visual-studio-code", "neovim@v0.11.0"],
)
async def client(lsp_client: LanguageClient, request, site):
    params = types.InitializeParams(
        capabilities=client_capabilities(request.param),
        root_uri=site.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=site.as_uri(), name="site")],
    )
    result = await lsp_client.initialize_session(params)
    lsp_client.encoding = result.capabilities.position_encoding or "utf-16"
    lsp_client.site = site
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
    """The diagnostics of `file` once `predicate` holds for them."""
    async def wait():
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
