"""Sentences read among their neighbours (extract/context.py): each case is also read alone, so that a
test fails when the context stops deciding it."""

from __future__ import annotations

from lxml import etree

from corpus.encode import encode_text
from corpus.fileio import safe_parser
from corpus.textclean import _INPUT
from extract.annotate import CONTEXT_RESP, RESP, analyse, annotate
from extract.classify import RULE_BEARING
from extract.context import in_context
from extract.pipeline import nlp

LAWS = ("Celui qui donne doit donner les cartes par trois.", "Le premier en cartes peut écarter cinq cartes.")
STORY = ("Le vieux comte regardait la pluie tomber sur le jardin.", "Madame de Sercy sourit à son voisin.")


def _labels(texts: list[str]) -> list[str]:
    docs = [nlp()(t) for t in texts]
    in_context(docs)
    return [max(d.cats, key=d.cats.get) for d in docs]


def test_an_unmarked_clause_between_two_laws_is_a_law() -> None:
    quiet = "Il lui reste cependant une valeur relative."
    assert _labels([quiet]) == ["narrative"], "alone, no cue reads it as a rule"
    labels = _labels([LAWS[0], quiet, LAWS[1]])
    assert labels == ["rule", "rule", "rule"]
    assert nlp()(quiet).cats["narrative"] > 0.5


def test_the_context_decides_at_low_confidence() -> None:
    docs = [nlp()(t) for t in (LAWS[0], "Il lui reste cependant une valeur relative.", LAWS[1])]
    in_context(docs)
    assert docs[1].cats["rule"] == 0.4 and docs[0].cats["rule"] > 0.5


def test_a_heading_advice_or_story_between_laws_stays_what_it_is() -> None:
    for sentence, kind in (
        ("Du nombre des Cartes.", "narrative"),  # no clause: it heads the laws, it states none
        ("Il est prudent de garder les as.", "advice"),
        ("Elle tenait ses cartes contre sa poitrine.", "narrative"),
    ):
        assert _labels([LAWS[0], sentence, LAWS[1]])[1] == kind, sentence


def test_a_sentence_one_law_away_is_not_decided_by_the_context() -> None:
    quiet = "Il lui reste cependant une valeur relative."
    assert _labels([LAWS[0], quiet, STORY[0]])[1] == "narrative"


def test_a_weak_rule_told_in_a_story_is_narrative_and_a_strong_one_stays() -> None:
    weak = "Le valet de pique était sur la table."
    assert _labels([weak]) == ["rule"], "alone, its card words tip it to a rule"
    assert _labels([STORY[0], weak, STORY[1]])[1] == "narrative"
    assert _labels([STORY[0], LAWS[0], STORY[1]])[1] == "rule", "a law quoted in a novel is still a law"


def test_a_text_is_read_in_its_order_when_it_is_analysed() -> None:
    raw = f"{LAWS[0]} Il lui reste cependant une valeur relative. {LAWS[1]}\n"
    root = etree.fromstring(encode_text(_INPUT, raw, []).data, safe_parser())
    kinds = [max(s.doc.cats, key=s.doc.cats.get) for s in analyse(root)]
    assert len(kinds) == 3 and all(k in RULE_BEARING for k in kinds)


def test_a_kind_the_context_decided_names_the_context_in_its_tei_annotation() -> None:
    """An editor sees which kinds the neighbours decided: their annotation's @resp is the context."""
    raw = f"{LAWS[0]} Il lui reste cependant une valeur relative. {LAWS[1]}\n"
    root = etree.fromstring(encode_text(_INPUT, raw, []).data, safe_parser())
    annotate(root)
    kinds = [a for a in root.iter("{http://www.tei-c.org/ns/1.0}annotation") if a.get("motivation") == "classifying"]
    assert [a.get("resp") for a in kinds] == [RESP, CONTEXT_RESP, RESP]
    assert kinds[1].get("cert") == "low" and kinds[1].get("ana") == "#kind.rule"


def test_a_number_under_the_heading_that_names_it_states_that_fact() -> None:
    """A manual's "Nombre de joueurs" over "Généralement quatre.": the fact is spread over the
    heading and its sentence; the same words under another heading state nothing."""
    raw = "On joue avec trente-deux cartes.\n\nNombre de joueurs\n\nGénéralement quatre.\n"
    root = etree.fromstring(encode_text(_INPUT, raw, []).data, safe_parser())
    last = analyse(root)[-1].doc
    assert [s.claim for s in last._.claims] == [{"players": 4}]
    assert max(last.cats, key=last.cats.get) == "rule"
    other = raw.replace("Nombre de joueurs", "Manière de jouer")
    root = etree.fromstring(encode_text(_INPUT, other, []).data, safe_parser())
    assert not analyse(root)[-1].doc._.claims
    ranged = raw.replace("Généralement quatre.", "De six à neuf.")  # read after the heading's words
    root = etree.fromstring(encode_text(_INPUT, ranged, []).data, safe_parser())
    assert [s.claim for s in analyse(root)[-1].doc._.claims] == [{"players": [6, 7, 8, 9]}]
    root = etree.fromstring(
        encode_text(_INPUT, ranged.replace("Nombre de joueurs", "Manière de jouer"), []).data, safe_parser()
    )
    assert not analyse(root)[-1].doc._.claims
    for heading, told, claim in (
        ("Nombre de joueurs", "De 3 à 6 par jeu de carte.", {"players": [3, 4, 5, 6]}),
        ("Matériel pour jouer", "52 cartes", {"size": 52}),  # a page's box of fields
    ):
        root = etree.fromstring(
            encode_text(
                _INPUT, raw.replace("Nombre de joueurs", heading).replace("Généralement quatre.", told), []
            ).data,
            safe_parser(),
        )
        assert [s.claim for s in analyse(root)[-1].doc._.claims] == [claim], heading


def test_a_count_opening_the_sentence_under_its_heading_is_that_fact() -> None:
    """ "Nombre de cartes :" over "32 cartes, dans l'ordre décroissant suivant :": the pack."""
    raw = "Nombre de cartes :\n32 cartes, dans l'ordre décroissant suivant :\n- Sept\n- Huit\n"
    root = etree.fromstring(encode_text(_INPUT, raw, []).data, safe_parser())
    first = analyse(root)[0].doc
    assert [s.claim for s in first._.claims] == [{"size": 32}]
    assert max(first.cats, key=first.cats.get) == "rule", "its neighbours, two cards, do not make it narrative"


def test_a_list_of_ranks_after_what_announces_it_is_the_order() -> None:
    """The order spread over two sentences: "…l'ordre décroissant suivant :" over "Roi, dame, valet,
    as, 10, 9, 8, 7", or the heading "Ordre de valeur des cartes" over the list; after a sentence
    that announces no order the same list states nothing."""
    order = ["roi", "dame", "valet", "as", "10", "9", "8", "7"]
    for raw in (
        "Dans chaque couleur, les cartes suivent l'ordre décroissant suivant :\nRoi, dame, valet, as, 10, 9, 8, 7\n",
        "On joue avec trente-deux cartes.\n\nOrdre de valeur des cartes\n\n"
        "Roi, dame, valet, as, dix, neuf, huit, sept.\n",
    ):
        root = etree.fromstring(encode_text(_INPUT, raw, []).data, safe_parser())
        last = analyse(root)[-1].doc
        assert [s.claim for s in last._.claims] == [{"order": order}], raw
        assert max(last.cats, key=last.cats.get) == "rule"
    other = "Chacun montre ses cartes à son voisin :\nRoi, dame, valet, as, 10, 9, 8, 7\n"
    root = etree.fromstring(encode_text(_INPUT, other, []).data, safe_parser())
    assert not analyse(root)[-1].doc._.claims


def test_an_order_given_an_item_at_a_time_is_stated_by_what_leads_to_it() -> None:
    """ "Par force décroissante, nous avons :" over three items, a rank or a run of ranks each: the
    order, on the sentence that announces it; the same items after words that name no order, or cut
    by an item that names no rank, state none."""
    items = [
        "– le 10, que l'on appelle manille ;",
        "– l'As, le manillon ;",
        "– puis le Roi, la Dame, le Valet, le 9 et le 8.",
    ]
    docs = [nlp()(t) for t in ("Par force décroissante, nous avons, dans chaque couleur :", *items)]
    in_context(docs)
    assert [s.claim for s in docs[0]._.claims] == [{"order": ["10", "as", "roi", "dame", "valet", "9", "8"]}]
    assert max(docs[0].cats, key=docs[0].cats.get) == "rule"
    for lead, lines in (
        ("Chacun montre à son voisin :", items),
        ("Par force décroissante, nous avons :", ["– le 10 ;", "– un mot sans carte ;", "– le Roi, la Dame, le 7."]),
    ):
        docs = [nlp()(t) for t in (lead, *lines)]
        in_context(docs)
        assert not docs[0]._.claims, lead


def test_a_pronoun_for_the_card_turned_before_states_the_trumps() -> None:
    """ "La dernière carte de la pioche est rendue visible." / "Elle donne la couleur de l'atout": the
    turned card makes the trumps; after a sentence that turns no card the same words state nothing."""
    pronoun = "Elle donne la couleur de l'atout."
    turned = [nlp()(t) for t in ("La dernière carte de la pioche est rendue visible.", pronoun)]
    in_context(turned)
    assert [s.claim for s in turned[1]._.claims] == [{"trumps": "turned"}]
    assert max(turned[1].cats, key=turned[1].cats.get) == "rule"
    other = [nlp()(t) for t in ("Chacun regarde ses cartes.", pronoun)]
    in_context(other)
    assert not other[1]._.claims


def test_a_heading_of_commentary_makes_what_it_heads_narrative() -> None:
    """Under "Commentaire :" a sentence that reports another book's rules ("L'Académie universelle
    des jeux en 1718 fixe le minimum à deux joueurs et le maximum à 4") is no rule of the text; under
    "Règles" the same sentence is one."""
    law = "On joue à quatre joueurs avec un jeu de 32 cartes, et le maximum est porté à six joueurs."
    for heading, expected in (("Commentaire :", "narrative"), ("Règles", "rule")):
        docs = [nlp()(t) for t in (law, law)]
        in_context(docs, sections=["", heading])
        assert max(docs[1].cats, key=docs[1].cats.get) == expected, heading


def test_a_history_heading_names_its_game_and_an_example_is_played_out() -> None:
    """ "L'histoire de la bataille corse" heads commentary as "Histoire" does; the sentences after
    "Prenons un exemple :", to the end of its section, play a game out: narrative."""
    law = "Le joueur pose la première carte de son paquet face visible au milieu de la table."
    docs = [nlp()(t) for t in (law, law)]
    in_context(docs, sections=["", "L’histoire de la bataille corse"])
    assert [max(d.cats, key=d.cats.get) for d in docs] == ["rule", "narrative"]
    played = ["Le joueur A pose le 2 de carreau.", "Le joueur B pose le 4 de coeur."]
    for lead, expected in (("Prenons un exemple :", "narrative"), ("Le jeu se poursuit ainsi :", "rule")):
        docs = [nlp()(t) for t in (law, lead, *played)]
        in_context(docs)
        assert max(docs[-1].cats, key=docs[-1].cats.get) == expected, lead


def test_the_short_items_of_a_list_a_rule_announces_are_rules() -> None:
    """ "Pour cela, il aura un nombre de tentatives prédéterminé :" over "• As = 4 tentatives":
    items short by nature are part of the rule; after an announcement that states none, they are not."""
    items = ["• Joker = 5 tentatives", "• As = 4 tentatives", "• Roi = 3 tentatives"]
    lead = "Pour cela, il aura un nombre de tentatives prédéterminés :"
    assert _labels([lead, *items]) == ["rule"] * 4
    assert not {*_labels(["Le vieux comte regardait :", *items])[1:]} & set(RULE_BEARING)
    told = [
        "Voici le nombre de cartes à poser :",
        "- pour un as, il faut poser quatre cartes ;",
        "- pour un roi, trois cartes ;",
    ]
    assert _labels(told) == ["rule"] * 3  # "voici" the book on itself, but not before what is to be laid


def test_the_items_a_rule_runs_on_to_are_rules() -> None:
    """ "…chaque participant choisit trois cartes et les passe à son voisin :" over items ending on a
    comma ("Au 3ème tour, à son voisin de droite,"): each item is part of the rule; after a
    sentence ending on a full stop, the same item is what its words make it."""
    lead = "Une fois la distribution finie, chaque joueur doit choisir trois cartes et les passer à son voisin :"
    items = ("Au 1er tour, à son voisin de gauche,", "Au 2ème tour, à son voisin de droite,")
    docs = [nlp()(t) for t in (lead, *items)]
    in_context(docs)
    assert [max(d.cats, key=d.cats.get) for d in docs] == ["rule", "rule", "rule"]
    docs = [nlp()(t) for t in ("Le vieux comte regardait la pluie.", *items)]
    in_context(docs)
    assert max(docs[1].cats, key=docs[1].cats.get) != "rule"


def test_a_list_announced_with_a_colon_is_one_rule_if_an_item_states_one() -> None:
    """ "Les combinaisons sont les suivantes :" over dashed items, one of which states a rule: the
    announcement and the other items are part of it; over items that state none, they stay what
    their words make them."""
    lead = "Les combinaisons sont les suivantes:"
    brelans = "- brelans (trois cartes de même hauteur et de couleurs différentes) ou carrés."
    suites = "- suites (ou séquences), c'est-à-dire trois cartes ou plus qui se suivent à la même couleur."
    assert _labels([lead, brelans, suites]) == ["rule", "rule", "rule"]
    assert [lab in RULE_BEARING for lab in _labels([lead, brelans])] == [False, False]


def test_rows_after_a_row_of_the_trumps_values_value_the_trumps() -> None:
    """ "Lorsqu'elles sont des atouts, les valeurs sont : Valet = 20pts." over "9 = 14pts." and "As =
    11pts.": the trumps' values, row after row; after a row of the plain suits, the plain cards."""
    for lead, key in (("Lorsqu'elles sont des atouts", "-atout"), ("Lorsqu'elles sont sans atouts", "")):
        docs = [nlp()(t) for t in (f"{lead}, les valeurs sont : Valet = 20pts.", "9 = 14pts.", "As = 11pts.")]
        in_context(docs)
        assert [[s.claim for s in d._.claims] for d in docs] == [
            [{"values": {f"valet{key}": 20}}],
            [{"values": {f"9{key}": 14}}],
            [{"values": {f"as{key}": 11}}],
        ], lead


def test_rows_under_a_heading_that_names_the_trumps_value_the_trumps() -> None:
    """ "Couleur d'atout" over "Valet : 20" and "9 : 14": the trumps' values; the same rows under
    "Hors atout" value the plain cards."""
    for heading, key in (("Couleur d'atout", "valet-atout"), ("Hors atout", "valet")):
        raw = f"On joue avec trente-six cartes.\n\n{heading}\n\nValet : 20\n9 : 14\n"
        root = etree.fromstring(encode_text(_INPUT, raw, []).data, safe_parser())
        rows = [s.doc for s in analyse(root)][-2:]
        assert [s.claim for s in rows[0]._.claims] == [{"values": {key: 20}}], heading
        assert [s.claim for s in rows[1]._.claims] == [{"values": {key.replace("valet", "9"): 14}}], heading


def test_a_text_that_never_names_play_states_no_law_of_a_game() -> None:
    """The Encyclopédie's stakes of a camp: its "cavaliers" and "piques" are no cards, and a text of
    some length that never names cards, a game, players or dice states no rule; one that does, does."""
    camp = [
        "On nomme piquets de petits morceaux de bois pointus qu'on enfonce dans la terre.",
        "Ils servent à tendre des cordeaux.",
        "Piquets se dit aussi de pieux que l'on fiche en terre, proche les tentes des cavaliers.",
        "Quand un cavalier a commis quelque faute, on le condamne souvent à la peine du piquet.",
        "Elle consiste à se tenir sur la pointe d'un piquet.",
    ]
    assert "rule" not in _labels(camp)
    assert _labels([*camp[:4], LAWS[0]])[3] == "rule", "a text that names play keeps its laws"


def test_a_text_spoken_in_the_first_person_states_no_law() -> None:
    """A satire's speakers at a game of piquet ("J'ai quinte et 14."): card words in the first person
    are lines spoken, not laws; a rule book's author speaking once ("J'appelle…") keeps his laws."""
    spoken = [
        "C'est à moi de jouer, j'ai la main.",
        "J'ai deux dames à l'écart, mes trois rois sont bons.",
        "Je joue avec trop de cartes, je ne compterai rien.",
        "Nous jouons à toutes sortes de jeux, pourvu que l'on paie les cartes.",
        "Je n'ai ni roi, ni as, mais ma paye est bonne.",
    ]
    assert "rule" in _labels(spoken[3:4]), "alone, its card words read as a rule"
    assert "rule" not in _labels(spoken)
    laws = ["J'appelle primauté l'avantage de jouer le premier.", *LAWS, *LAWS]
    assert _labels(laws)[1:] == ["rule"] * 4


def test_weak_rules_of_a_story_vouch_for_no_neighbour() -> None:
    """A cheat's tricks told in the present: the weak rules among narrative are narrative first, so
    the clause between them is not made a rule by neighbours that are none."""
    quiet = "Il lui reste cependant une valeur relative."
    weak = "Le valet de pique était sur la table."
    labels = _labels([STORY[0], weak, quiet, weak, STORY[1]])
    assert labels[1:4] == ["narrative"] * 3


def test_a_table_of_ranks_and_values_after_the_order_announced_is_the_order() -> None:
    """ "L'ordre des cartes est le suivant :" / "Carte As 10 Roi Dame Valet 9 8 7 Valeur 11 10 4 3 2 0
    0 0": a table's two rows run into one sentence give the values, and after the colon the order."""
    docs = [
        nlp()(t)
        for t in ("L'ordre des cartes est le suivant :", "Carte As 10 Roi Dame Valet 9 8 7 Valeur 11 10 4 3 2 0 0 0")
    ]
    assert [s.kind for s in docs[1]._.claims] == ["value"], "alone, the values only"
    in_context(docs)
    claims = {s.kind: s.claim for s in docs[1]._.claims}
    assert claims["rank"] == {"order": ["as", "10", "roi", "dame", "valet", "9", "8", "7"]}
    assert claims["value"]["values"]["roi"] == 4


def test_the_items_under_a_heading_of_what_the_game_needs_state_it() -> None:
    """ "Matériel" / "58 cartes bleues" / "1 dé à 6 faces": short items, read alone as headings, state
    what the game needs; the rule book in the box ("1 livret de règles") is no law of it."""
    items = ["58 cartes oranges", "1 dé à 6 faces", "1 livret de règles"]
    assert _labels(items) == ["narrative"] * 3, "alone, each is short as a heading"
    docs = [nlp()(t) for t in items]
    in_context(docs, sections=["Matériel"] * 3)
    assert [max(d.cats, key=d.cats.get) for d in docs] == ["rule", "rule", "narrative"]
