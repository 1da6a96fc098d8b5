"""verlies.serve without a server: the kernel cap's arithmetic, the "table is full" page
and the cached default deck (the server side is tested in tests/browser/test_serving.py)."""

from __future__ import annotations

import os
import pickle
from html.parser import HTMLParser
from pathlib import Path

import pytest

from verlies.deck import Deck, toml_io
from verlies.deck import cache as deck_cache
from verlies.game import Game
from verlies.i18n import text
from verlies.serve import machine, upload_guard
from verlies.serve.full_page import full_page

# -- the cap ---------------------------------------------------------------------------------


def test_cap_is_the_smaller_of_memory_and_cores() -> None:
    # 8 GiB and 2 cores: memory allows (8192 - 512) // 160 = 48, the cores 2 * 12 = 24.
    assert machine.Machine(8192, 2.0).kernel_cap == 24
    # 4 GiB and 2 cores: the cores allow 24, memory (4096 - 512) // 160 = 22.
    assert machine.Machine(4096, 2.0).kernel_cap == 22
    # A 2 GiB container (Binder's usual limit) on a big host: memory decides.
    assert machine.Machine(2048, 64.0).kernel_cap == (2048 - 512) // 160
    # Never below one kernel, however small the machine.
    assert machine.Machine(256, 0.5).kernel_cap == 1


def test_environment_wins_over_configuration_and_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(machine.ENV_MAX_KERNELS, raising=False)
    assert machine.kernel_cap(7) == 7
    assert machine.kernel_cap(0) == machine.this_machine().kernel_cap >= 1
    monkeypatch.setenv(machine.ENV_MAX_KERNELS, "3")
    assert machine.kernel_cap(7) == 3
    for bad in ("0", "-2", "many"):
        monkeypatch.setenv(machine.ENV_MAX_KERNELS, bad)
        with pytest.raises(ValueError, match=machine.ENV_MAX_KERNELS):
            machine.kernel_cap(7)


def test_this_machine_reads_memory_and_cores() -> None:
    here = machine.this_machine()
    assert here.memory_mb > 0
    assert 0 < here.cores <= (os.cpu_count() or 1)


# -- the "table is full" page ------------------------------------------------------------------


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.refs: list[str] = []  # every src/href: nothing may point to another host

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.refs += [v or "" for k, v in attrs if k in ("src", "href")]
        assert tag != "script", "the full page runs no scripts"

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_full_page_speaks_german_and_english_from_the_tables() -> None:
    page = _Page()
    page.feed(full_page(retry_seconds=45))
    shown = " ".join(page.text)
    for lang in ("de", "en"):
        for key in ("page.full.title", "page.full.text", "page.full.retry"):
            assert text(key, lang) in shown, (lang, key)
        assert text("page.full.auto", lang, seconds=45) in shown
    # the icon is none (nothing to fetch); the two "try again" links reload this very page
    assert page.refs == ["data:,", "", ""]
    assert '<meta http-equiv="refresh" content="45">' in full_page(retry_seconds=45)


# -- the cached default deck -------------------------------------------------------------------


@pytest.fixture
def cache_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    places = [tmp_path / "package", tmp_path / "user"]
    monkeypatch.setattr(deck_cache, "_places", lambda: list(places))
    monkeypatch.delenv(deck_cache.ENV_NO_CACHE, raising=False)
    return places


def _parsed() -> Deck:
    return Deck._wrap(toml_io.default_parts())


def test_cached_deck_is_the_parsed_deck(cache_dirs: list[Path]) -> None:
    calls: list[int] = []

    def parse() -> Deck:
        calls.append(1)
        return _parsed()

    first = deck_cache.cached(Deck, parse)
    files = list(cache_dirs[0].glob("default_deck-*.pickle"))
    assert len(files) == 1 and calls == [1]
    second = deck_cache.cached(Deck, parse)
    assert calls == [1], "the second kernel must not parse again"
    assert second == first == _parsed()
    assert second.warnings == first.warnings
    # The same game, step for step, from either deck.
    a = Game.new(players=3, seed=11, deck=first)
    b = Game.new(players=3, seed=11, deck=second)
    for _ in range(60):
        if a.is_over:
            break
        if a.is_chance:
            a.roll()
            b.roll()
        else:
            act = a.legal_actions()[0]
            a.apply(act)
            b.apply(b.legal_actions()[0])
    assert a.to_json() == b.to_json()


def test_broken_or_foreign_cache_is_a_miss(cache_dirs: list[Path]) -> None:
    deck_cache.cached(Deck, _parsed)
    (cached_file,) = cache_dirs[0].glob("default_deck-*.pickle")
    cached_file.write_bytes(b"not a pickle")
    assert deck_cache.cached(Deck, _parsed) == _parsed()
    cached_file.write_bytes(pickle.dumps("a string, not a deck"))
    assert deck_cache.cached(Deck, _parsed) == _parsed()


def test_unwritable_package_falls_back_to_the_user_cache(
    cache_dirs: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    cache_dirs[0].write_text("a file where the cache folder should be")
    assert deck_cache.cached(Deck, _parsed) == _parsed()
    assert len(list(cache_dirs[1].glob("default_deck-*.pickle"))) == 1


def test_key_follows_the_deck_file_and_the_parser(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    before = deck_cache.key()
    changed = tmp_path / "default_deck.toml"
    changed.write_bytes(deck_cache._DECK_FILE.read_bytes() + b"\n# changed\n")
    monkeypatch.setattr(deck_cache, "_DECK_FILE", changed)
    assert deck_cache.key() != before


def test_default_deck_goes_through_the_cache() -> None:
    assert Deck.default() == _parsed()


def test_the_templates_upload_words_are_the_i18n_words() -> None:
    # Rewrite with `.venv/bin/python -m verlies.serve.upload_guard` after changing them.
    assert upload_guard.WORDS_FILE.read_text(encoding="utf-8") == upload_guard.words_json()
    settings = {"Voila": {"tornado_settings": {"websocket_max_message_size": 4 << 20}}}
    assert upload_guard.max_bytes(settings) == (4 << 20) - upload_guard.ENVELOPE
