"""The message catalogues: every text a player reads, in every language deduce speaks.

The texts are extracted from the code as ``make messages`` does (pybabel with the
configuration in pyproject.toml); each language's catalogue must hold every one of them,
translated, with the same placeholders, and nothing the code no longer says; the compiled
catalogue (.mo) must be the .po; and every entry is said in English and in each language
with sample values, as the console and the page say it.
"""

from __future__ import annotations

import gettext
import io
import re
import string
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from deduce._internal.language import LOCALE_DIR, M, _, languages, plural, use_language

ROOT = Path(__file__).resolve().parent.parent
FOREIGN = [code for code in languages() if code != "en"]


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """The texts the code says now, extracted afresh."""
    pot = tmp_path_factory.mktemp("messages") / "deduce.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-o", str(pot)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    with pot.open("rb") as file:
        return read_po(file)


def _catalogue(code: str) -> Catalog:
    with (LOCALE_DIR / code / "LC_MESSAGES" / "deduce.po").open("rb") as file:
        return read_po(file, locale=code)


def _ids(catalog: Catalog) -> set[str]:
    return {_key(message) for message in catalog if message.id}


def _key(message: Message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def _placeholders(text: str, *, jinja: bool) -> set[str]:
    if jinja:  # the page's templates: gettext's %(name)s
        return set(re.findall(r"%\((\w+)\)s", text))
    return {
        f"{name}:{spec}"
        for _literal, name, spec, _conversion in string.Formatter().parse(text)
        if name is not None
    }


def test_there_is_a_language_besides_english() -> None:
    assert "de" in FOREIGN


def test_the_committed_template_is_what_the_code_says(template: Catalog) -> None:
    with (LOCALE_DIR / "deduce.pot").open("rb") as file:
        committed = read_po(file)
    missing = sorted(_ids(template) - _ids(committed))
    gone = sorted(_ids(committed) - _ids(template))
    assert not missing and not gone, (
        f"deduce/locale/deduce.pot is out of date (run make messages): new {missing[:10]}, "
        f"no longer said {gone[:10]}"
    )


@pytest.mark.parametrize("code", FOREIGN)
def test_every_text_is_translated(code: str, template: Catalog) -> None:
    catalogue = _catalogue(code)
    untranslated = sorted(
        _key(message)
        for message in catalogue
        if message.id
        and (
            message.fuzzy
            or not message.string
            or (isinstance(message.string, tuple) and not all(message.string))
        )
    )
    missing = sorted(_ids(template) - _ids(catalogue))
    gone = sorted(_ids(catalogue) - _ids(template))
    assert not missing, f"{len(missing)} texts are not in the {code} catalogue: {missing[:20]}"
    assert not untranslated, f"{len(untranslated)} {code} texts untranslated: {untranslated[:20]}"
    assert not gone, f"the {code} catalogue keeps texts the code no longer says: {gone[:20]}"


@pytest.mark.parametrize("code", FOREIGN)
def test_every_translation_has_the_same_placeholders(code: str) -> None:
    wrong = []
    for message in _catalogue(code):
        if not message.id:
            continue
        jinja = "%(" in _key(message)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = _placeholders(ids[-1], jinja=jinja) | _placeholders(ids[0], jinja=jinja)
        for text in strings:
            if text and _placeholders(text, jinja=jinja) - wanted:
                wrong.append((_key(message), text))
            said = _placeholders(text, jinja=jinja)
            if text and not jinja and not message.pluralizable and said != wanted:
                wrong.append((_key(message), text))
    assert not wrong, f"{len(wrong)} {code} translations change the placeholders: {wrong[:10]}"


@pytest.mark.parametrize("code", FOREIGN)
def test_the_compiled_catalogue_is_the_po(code: str) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, _catalogue(code))
    compiled.seek(0)
    fresh = gettext.GNUTranslations(compiled)
    with (LOCALE_DIR / code / "LC_MESSAGES" / "deduce.mo").open("rb") as file:
        shipped = gettext.GNUTranslations(file)
    assert shipped._catalog == fresh._catalog, (  # type: ignore[attr-defined]
        f"deduce/locale/{code}/LC_MESSAGES/deduce.mo is not the .po compiled (make messages)"
    )


def _sample(name: str, spec: str) -> Any:
    if spec.endswith("%") or spec.endswith("f") or spec.endswith("g") or spec.endswith("e"):
        return 0.25
    if spec.endswith("d") or spec.endswith("n") or spec.endswith("x") or name == "n":
        return 3
    return "X"


@pytest.mark.parametrize("code", FOREIGN)
def test_every_entry_is_said_in_both_languages(code: str) -> None:
    """Each entry said with sample values, in English and in ``code``, once for one and
    once for many: nothing raises, and the translation is not left English where the
    English has words of its own."""
    translations = gettext.translation("deduce", LOCALE_DIR, languages=[code])
    said = 0
    left_english = []
    for message in _catalogue(code):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for n in (1, 2):
            if "%(" in ids[0]:  # the page's: gettext's own formatting, as Jinja2 does it
                names = set(re.findall(r"%\((\w+)\)[sd]", ids[-1]))
                params: dict[str, Any] = {name: n if name == "num" else "X" for name in names}
                if len(ids) == 2:
                    english = (ids[0] if n == 1 else ids[1]) % params
                    foreign = translations.ngettext(ids[0], ids[1], n) % params
                else:
                    english, foreign = ids[0] % params, translations.gettext(ids[0]) % params
            else:
                params = {
                    name: _sample(name, spec)
                    for _literal, name, spec, _conversion in string.Formatter().parse(ids[-1])
                    if name
                }
                if len(ids) == 2:
                    rest = {k: v for k, v in params.items() if k != "n"}
                    made = plural(ids[0], ids[1], n, **rest)
                else:
                    made = M(ids[0], **params)
                english = str(made)
                with use_language(code):
                    foreign = _(made)
            said += 1
            words = re.sub(r"\{[^}]*\}|%\(\w+\)s", "", ids[0])
            if foreign == english and re.search(r"[a-z]{3,}\s+[a-z]{2,}", words):
                left_english.append(ids[0])
    assert said >= 2 * len(_catalogue(code)) - 2
    assert not left_english, f"{code} entries still English: {sorted(set(left_english))[:20]}"
