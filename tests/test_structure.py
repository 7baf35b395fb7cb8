"""The source's own structure is encoded: articles with printed numbers, pages, lists, quotations."""

from __future__ import annotations

from lxml import etree

from corpus import paths
from corpus.fileio import parse_xml
from corpus.lines import split_lines
from corpus.sentences import sentence_ranges
from corpus.spans import TEI_NS, XML_ID
from corpus.structure import _titles, analyse

NS = {"t": TEI_NS}


def tei(source_id: str) -> etree._ElementTree:
    return parse_xml(paths.tei_path(source_id))


def articles(source_id: str) -> list[str]:
    return tei(source_id).xpath("//t:div[@type='article']/@n", namespaces=NS)


def test_reversis_has_articles_1_to_26_with_readable_ids() -> None:
    assert articles("reversis") == [str(n) for n in range(1, 27)]
    tree = tei("reversis")
    ids = set(tree.xpath("//@xml:id"))
    assert {"reversis.a14", "reversis.a14.s1", "reversis.a5.p2", "reversis.pb86"} <= ids


def test_piquet_starts_with_the_end_of_article_4_and_runs_to_17() -> None:
    assert articles("piquet") == [str(n) for n in range(4, 18)]
    first = tei("piquet").xpath("//t:div[@type='article']", namespaces=NS)[0]
    assert first.get("part") == "F"


def test_tarots_has_articles_1_to_10() -> None:
    assert articles("tarots") == [str(n) for n in range(1, 11)]


def test_1659_articles_restart_in_each_game_and_ids_say_which() -> None:
    tree = tei("taros-1659")
    sections = tree.xpath("//t:body/t:div[@type='section']", namespaces=NS)
    counts = [len(s.xpath("t:div[@type='article']", namespaces=NS)) for s in sections]
    assert counts == [7, 6, 0]
    assert tree.xpath("//t:div[@xml:id='taros-1659.sec2.a3']/@n", namespaces=NS) == ["3"]


def test_1659_trumps_are_a_list_of_21_items() -> None:
    items = tei("taros-1659").xpath("//t:list/t:item", namespaces=NS)
    assert [i.get("n") for i in items] == [str(n) for n in range(1, 22)]
    assert "".join(items[12].itertext()) == "13. La Mort."


def test_talon_quotations_are_cit_quote_with_game_where_it_can_be_told() -> None:
    tree = tei("talon")
    cits = tree.xpath("//t:cit", namespaces=NS)
    assert len(cits) == 25
    assert all(c.find(f"{{{TEI_NS}}}quote") is not None for c in cits)
    games = {c.get(XML_ID): c.xpath("t:note[@type='game']/t:rs/@ref", namespaces=NS) for c in cits}
    assert games["talon.q3"] == ["#game.imperiale"]
    assert games["talon.q25"] == ["#game.trente-et-quarante"]
    assert games["talon.q2"] == []


def test_running_heads_are_fw_after_a_page_break_with_the_page_number() -> None:
    pages = tei("piquet").xpath("//t:pb/@n", namespaces=NS)
    assert pages == ["34", "35", "36", "37", "38"]
    heads = tei("reversis").xpath("//t:fw[@type='header']/text()", namespaces=NS)
    assert heads[1] == "86 m BBTJBlÙIg."


def test_digitisation_banners_are_in_front_and_back() -> None:
    tree = tei("reversis")
    front = tree.xpath("string(//t:front)", namespaces=NS)
    back = tree.xpath("string(//t:back)", namespaces=NS)
    assert "texte numérisé non relu" in front and back == "Page 1"


def test_header_carries_metadata_and_says_what_is_unknown() -> None:
    tree = tei("taros-1659")
    bibl = tree.xpath("//t:sourceDesc/t:bibl", namespaces=NS)[0]
    assert bibl.xpath("string(t:author)", namespaces=NS) == "La Marinière"
    assert bibl.xpath("string(t:date[not(@type)]/@when)", namespaces=NS) == "1659"
    talon = tei("talon").xpath("//t:sourceDesc/t:bibl/t:note[@type='unknown']", namespaces=NS)[0]
    assert "author" in talon.text and "date of publication" in talon.text
    assert not tei("talon").xpath("//t:sourceDesc//t:author", namespaces=NS)


def test_sentences_are_s_elements_with_ids() -> None:
    tree = tei("reversis")
    sentences = tree.xpath("//t:div[@xml:id='reversis.a5']//t:s/@xml:id", namespaces=NS)
    assert sentences[:2] == ["reversis.a5.s1", "reversis.a5.s2"]


def test_a_short_line_the_next_paragraph_goes_on_from_is_no_heading() -> None:
    """OCR splits a rule over a blank line ("III. L'on doit donner les cartes⏎⏎par trois ou
    quatre."): a line whose next paragraph starts in lower case is not a heading; one whose next
    starts a sentence may be."""
    goes_on = "I. On tire pour les places.\n\nIII. L'on doit donner les cartes\n\npar trois ou quatre.\n"
    assert not [s for s in analyse(goes_on).spans if s.tag == "head" and "donner" in goes_on[s.start : s.end]]
    titled = "Règles du jeu\n\nOn donne les cartes par trois.\n"
    assert [s for s in analyse(titled).spans if s.tag == "head"]


def test_a_line_set_apart_after_a_sentence_is_a_heading_of_a_few_words() -> None:
    """A manual's section title ("Désignation du donneur et genre de donne"), alone between blank
    lines after a sentence that ended, heads what follows and is not read into its first sentence;
    a line that ends on a word leading on ("… avec un jeu de") goes on as before."""
    titled = "On joue à quatre.\n\nDésignation du donneur et genre de donne\n\nLe sort désigne le donneur.\n"
    heads = [titled[s.start : s.end] for s in analyse(titled).spans if s.tag == "head"]
    assert heads == ["Désignation du donneur et genre de donne"]
    goes_on = "On joue à quatre.\n\nOn se sert pour ce jeu d'un jeu de\n\nCartes de piquet.\n"
    assert not [s for s in analyse(goes_on).spans if s.tag == "head"]


def test_a_title_set_apart_under_another_heading_is_a_heading_too() -> None:
    """ "RÈGLES (2, 3 ou 4 joueurs…)" over "Valeur et ordre de force des cartes", each between blank
    lines: the heading before ends no sentence but leaves none open, so the title heads what follows
    and is not read into its first sentence; after a line that leads on, the same title goes on."""
    rules, title = "RÈGLES (2, 3 ou 4 joueurs par équipes de 2)", "Valeur et ordre de force des cartes"
    raw = f"On joue.\n\n{rules}\n\n{title}\n\nA chaque donne, une couleur est atout.\n"
    heads = [raw[s.start : s.end] for s in analyse(raw).spans if s.tag == "head"]
    assert heads == [rules, title]
    led = raw.replace(rules, "On se sert pour ce jeu de la")
    assert not [s for s in analyse(led).spans if s.tag == "head"]


def test_a_field_ends_its_paragraph_before_a_blank_line_and_a_capital() -> None:
    """ "Matériel : un jeu de 52 cartes", a blank line, then "La dame de pique est-elle…": the field
    is a paragraph of its own, not the first words of the next; a line that is no field goes on."""
    raw = "On joue à quatre.\n\nMatériel : un jeu de 52 cartes\n\nLa dame de pique est une figure.\n"
    paragraphs = [raw[s.start : s.end] for s in analyse(raw).spans if s.tag == "p"]
    assert "Matériel : un jeu de 52 cartes" in paragraphs
    goes_on = raw.replace("Matériel : un jeu de 52 cartes", "On se sert pour ce jeu de")
    assert "On se sert pour ce jeu de" not in [goes_on[s.start : s.end] for s in analyse(goes_on).spans if s.tag == "p"]


def test_a_gloss_in_brackets_and_a_line_of_counts_stand_alone() -> None:
    """A dictionary's gloss "(italien tarocco…)" between blank lines, and "2 à 8 joueurs – 52 cartes"
    in a text whose lines are its paragraphs, are paragraphs of their own; a catchword ("que") and a
    line with no count still run on."""
    gloss = "tarot\n\n(italien tarocco, peut-être de tara)\n\nJeu de 78 cartes, servant au jeu.\n"
    assert "Jeu de 78 cartes, servant au jeu." in [gloss[s.start : s.end] for s in analyse(gloss).spans if s.tag == "p"]
    lines = "2 à 8 joueurs – 52 cartes\nLe but est de se défaire de ses cartes.\nOn retire un valet.\nOn donne tout.\n"
    assert "2 à 8 joueurs – 52 cartes" in [lines[s.start : s.end] for s in analyse(lines).spans if s.tag == "p"]
    words = lines.replace("2 à 8 joueurs – 52 cartes", "On joue avec un jeu de")
    assert "On joue avec un jeu de" not in [words[s.start : s.end] for s in analyse(words).spans if s.tag == "p"]


def test_an_indented_line_in_capitals_after_a_bullet_opens_a_paragraph() -> None:
    """ "    • Selon les experts, … ." then "    Procurez-vous un jeu…": the indent does not hide the
    capital, so the bullet's paragraph ends where the next line begins."""
    raw = "Préparer le jeu\n\n    • Selon les experts, on joue à trois.\n    Procurez-vous un jeu de 52 cartes.\n"
    paragraphs = [raw[s.start : s.end] for s in analyse(raw).spans if s.tag == "p"]
    assert "Procurez-vous un jeu de 52 cartes." in paragraphs


def test_in_a_text_whose_lines_are_its_paragraphs_a_short_line_is_a_heading() -> None:
    """Most lines end like a sentence: each line is a paragraph, so "Ordre de valeur des cartes et
    points qu'elles représentent" heads the next line even with no blank line between; in a page's
    wrapped lines the same line goes on into the next."""
    lines = (
        "Le baccara se joue avec trois jeux de 52 cartes.\n"
        "Ordre de valeur des cartes et points qu'elles représentent\n"
        "L'as vaut 1 point ; le deux, 2 points.\n"
        "Les figures valent 10.\n"
    )
    heads = [lines[s.start : s.end] for s in analyse(lines).spans if s.tag == "head"]
    assert heads == ["Ordre de valeur des cartes et points qu'elles représentent"]
    wrapped = "Le baccara se joue avec trois jeux\nOrdre de valeur des cartes et points qu'elles\nL'as vaut 1 point.\n"
    assert not [s for s in analyse(wrapped).spans if s.tag == "head"]


def test_each_line_of_a_bulleted_list_is_its_own_paragraph() -> None:
    """Items opened by a dash end where their line ends ("- 9 cartes si l'on est 5 >> il reste 7"),
    and what follows an item in capitals is a new paragraph; OCR's stray "•" before a word in lower
    case, after a line that did not end, goes on with it."""
    items = "On donne ainsi :\n- 9 cartes si l'on est 5\n- 8 cartes si l'on est 6\nLe premier joue.\n"
    assert _paragraphs(items) == [
        "On donne ainsi :",
        "- 9 cartes si l'on est 5",
        "- 8 cartes si l'on est 6",
        "Le premier joue.",
    ]
    assert len(_paragraphs("C'est la même marche à\n• observer quand on est quatre.\n")) == 1


def _paragraphs(text: str) -> list[str]:
    return [text[s.start : s.end] for s in analyse(text).spans if s.tag == "p"]


def test_an_ordinal_after_a_title_and_a_count_before_a_blank_line_end_their_lines() -> None:
    """ "Déroulement de la partie" over "1ère partie: …" is a heading (an ordinal opens its line as a
    number does), and "20 minutes", a field's value, ends before a blank line and a capital."""
    text = "Déroulement de la partie\n\n1ère partie: tous les joueurs ont un statut égal.\n"
    assert [s.tag for s in analyse(text).spans if s.tag in ("head", "p")] == ["head", "p"]
    box = "Durée d'une partie :\n\n20 minutes\n\nLe Président est un jeu de cartes.\n"
    assert _paragraphs(box)[-2:] == ["20 minutes", "Le Président est un jeu de cartes."]


def test_each_numbered_item_of_a_list_is_its_own_paragraph() -> None:
    """ "1/", "2)" open an item, though the line before did not end and the item goes on in lower case."""
    items = "On a le droit de prendre sa carte, mais\n1/ cela n'est possible qu'au second tour\n2) on la pose.\n"
    assert _paragraphs(items) == [
        "On a le droit de prendre sa carte, mais",
        "1/ cela n'est possible qu'au second tour",
        "2) on la pose.",
    ]
    assert len(_paragraphs("On marque la moitié, soit\n1/2 point par levée.\n")) == 1


def test_a_short_title_ending_in_a_colon_is_a_heading() -> None:
    """ "Nombre de cartes :" over "32 cartes, dans l'ordre…" heads it; a clause ending in a colon
    with a count or a comma in it introduces what follows and stays a paragraph."""
    text = "Nombre de cartes :\n32 cartes, dans l'ordre suivant :\n- Sept\n- Huit\n"
    heads = [text[s.start : s.end] for s in analyse(text).spans if s.tag == "head"]
    assert heads == ["Nombre de cartes :"]


def test_capitals_that_run_into_their_paragraph_are_no_heading() -> None:
    """A run-in heading ("VALEUR DES CARTES - L'as vaut 11, …") is its paragraph's first words; a
    line in capitals with a few words after them is a heading."""
    run_in = (
        "DONNE - On donne douze cartes.\n\n"
        "VALEUR DES CARTES - L'as vaut 11, les images 10, les autres ont la valeur qu'elles marquent.\n"
    )
    assert not [s for s in analyse(run_in).spans if s.tag == "head"]
    titled = (
        "LE JEU DU PIQUET, Plaisant et récréatif.\n\nPremièrement, il faut ôter d'un jeu de cartes tous les deux.\n"
    )
    assert [s for s in analyse(titled).spans if s.tag == "head"]


def test_a_line_that_opens_with_spaced_capitals_is_a_heading() -> None:
    text = "T A B L E T T E . ( règle du jeu de la )\nOn peut jouer deux, trois ou quatre personnes à ce jeu.\n"
    heads = [text[s.start : s.end] for s in analyse(text).spans if s.tag == "head"]
    assert heads == ["T A B L E T T E . ( règle du jeu de la )"]


def test_rows_of_values_lists_and_counts_are_no_headings() -> None:
    """ "Roi = 3 points", "Le roi 3 —" (a ditto mark), "Roi, dame, valet, as, 10, 9, 8, 7" and the
    count under a heading ("Deux") are read as text, each row its own paragraph."""
    rows = "Valeur des cartes : Dix = 5 points\nAs = 4 points\nRoi = 3 points\n\nLe valet 1 —\n\nLa dame 2 —\n"
    spans = analyse(rows).spans
    assert not [s for s in spans if s.tag == "head"]
    assert [rows[s.start : s.end] for s in spans if s.tag == "p"][:3] == [
        "Valeur des cartes : Dix = 5 points",
        "As = 4 points",
        "Roi = 3 points",
    ]
    listed = (
        "Dans chaque couleur, les cartes suivent l'ordre suivant :\n\nRoi, dame, valet, as, 10, 9, 8, 7\n\n"
        "Nombre de joueurs\n\nDeux\n"
    )
    heads = [listed[s.start : s.end] for s in analyse(listed).spans if s.tag == "head"]
    assert heads == ["Nombre de joueurs"]


def test_a_field_and_its_value_is_a_line_of_its_own() -> None:
    """ "Nombre de joueurs: de 3 à 8" over "Matériel: un jeu de 52 cartes" are two paragraphs, not a
    heading and its text; a clause opened by a pronoun before a colon is not a field."""
    text = "Nombre de joueurs: de 3 à 8\nMatériel: un jeu de 52 cartes\nOn dit : « je passe » quand\non se retire.\n"
    paragraphs = [text[s.start : s.end] for s in analyse(text).spans if s.tag == "p"]
    assert paragraphs == [
        "Nombre de joueurs: de 3 à 8",
        "Matériel: un jeu de 52 cartes\nOn dit : « je passe » quand\non se retire.",
    ]


def test_the_rows_of_a_table_of_fields_are_paragraphs_of_their_own() -> None:
    """An infobox's short capitalised lines ("Joueurs 2 à 4", "Durée 30 minutes") are rows, and the
    line after the last row starts anew; two such lines before a lower-case one are a sentence."""
    text = (
        "Type Jeu de levées\nJoueurs 2 à 4\nNombre de cartes 97 (52 cartes et 40 atouts)\nJeu Enseignes latines\n\n"
        "Le minchiate est un jeu de Florence, où\nLes figures sont le Roi\nLa Dame qui le suit\nse jouent ensemble.\n"
    )
    paragraphs = [text[s.start : s.end] for s in analyse(text).spans if s.tag == "p"]
    assert paragraphs[:3] == ["Joueurs 2 à 4", "Nombre de cartes 97 (52 cartes et 40 atouts)", "Jeu Enseignes latines"]
    assert paragraphs[3] == text[text.index("Le minchiate") :].rstrip("\n"), paragraphs


def test_a_number_in_a_sentence_run_on_to_its_line_is_no_article() -> None:
    """ "…l'as vaut 11, le dix⏎10, le roi 4…": the "10," goes on with the sentence, in lower case."""
    text = "L'ordre est réglé ainsi : l'as vaut 11, le dix\n10, le roi 4, la dame 3, et le valet 2.\n"
    paragraphs = [text[s.start : s.end] for s in analyse(text).spans if s.tag == "p"]
    assert paragraphs == [text.rstrip("\n")], paragraphs


def test_a_numbered_title_heads_its_article() -> None:
    """ "1. Nombre de joueurs et jeu de cartes", a blank line, then its paragraph: the number opens an
    article and the line is its heading; so does "2. Donne", a title shorter than a numbered rule."""
    text = (
        "1. Nombre de joueurs et jeu de cartes\n\nL'Écarté se joue à deux.\n\n"
        "2. Donne\n\nLe donneur distribue cinq cartes à chacun.\n"
    )
    spans = analyse(text).spans
    heads = [text[s.start : s.end] for s in spans if s.tag == "head"]
    assert heads == ["1. Nombre de joueurs et jeu de cartes", "2. Donne"]
    assert [s.attrs.get("n") for s in spans if s.tag == "div" and s.attrs.get("type") == "article"] == ["1", "2"]
    rule = "1. On donne cinq cartes à chacun.\n\n2. Le premier joue.\n"
    assert not [s for s in analyse(rule).spans if s.tag == "head"]


def test_etc_and_a_number_end_a_sentence_before_a_capital_an_initial_does_not() -> None:
    """ "…de 7, 17 et 27, etc. Celui des joueurs…" and "…l'un mise 3 allumettes, un autre 2. Dans ce
    cas…" are two sentences each; "M. Lenoir déclara…" is one."""
    for text, count in (
        ("Viennent les points de 7, 17 et 27, etc. Celui des joueurs qui a neuf abat son jeu.", 2),
        ("L'un mise 3 allumettes, un autre 2. Dans ce cas, le ponte est celui qui mise le plus.", 2),
        ("Les cartes distribuées, M. Lenoir déclara qu'il gardait les siennes.", 1),
        ("Il faut des tierces, des quatrièmes, etc., comme au piquet.", 1),
        ("Nul besoin d'enjeu pour être passionnant…\nNombre de joueurs : deux.", 2),
        ("Il hésite… et joue enfin son roi.", 1),
    ):
        assert len(sentence_ranges(text, 0, len(text), [])) == count, text


def test_each_title_numbered_one_between_blank_lines_is_a_heading() -> None:
    """A web page whose every title reads "1." ("1. Mise en place", "1. La donne"): each is a heading,
    not a number run into the text; and the rows of a table of values are lines of their own."""
    text = "1. Mise en place\n\nLe jeu a 52 cartes.\n\n1. La donne\n\nLe brasseur donne une carte.\n"
    heads = [text[s.start : s.end] for s in analyse(text).spans if s.tag == "head"]
    assert heads == ["1. Mise en place", "1. La donne"]
    table = "Valet : 2\n10 : 10\n9, 8, 7, 6 : 0\n"
    paragraphs = [table[s.start : s.end] for s in analyse(table).spans if s.tag == "p"]
    assert paragraphs == ["Valet : 2", "10 : 10", "9, 8, 7, 6 : 0"]
    sentences = sentence_ranges("Le total est de 157 points. 5 points sont ajoutés au dernier pli.", 0, 66, [])
    assert len(sentences) == 2
    for text in (
        "Il demande : « En voulez-vous ? » Si le joueur répond, il reçoit.",
        "Ils ont 18 fiches…En outre, on a une banque.",
    ):
        assert len(sentence_ranges(text, 0, len(text), [])) == 2, text  # a quotation's space, an ellipsis's lost one
    text = "On compte les levées que chacun a. Si celui qui joue gagne, on le paie."  # "a" is a word, not an initial
    assert len(sentence_ranges(text, 0, len(text), [])) == 2


def test_a_number_alone_on_its_line_then_a_short_line_is_a_numbered_title() -> None:
    """ "1." on a line of its own, then "Nombre de joueurs, jeu de cartes, préparation": a heading,
    not the start of the sentence below it."""
    text = (
        "Le jeu est\nancien, et sa règle\nfut publiée en 1789.\n1.\nNombre de joueurs, jeu de cartes, préparation\n"
        "Le\nQuarante se joue à quatre, deux\ncontre deux, avec trente-deux\ncartes.\n"
    )
    heads = [text[s.start : s.end] for s in analyse(text).spans if s.tag == "head"]
    assert heads == ["Nombre de joueurs, jeu de cartes, préparation"], heads


def test_a_paragraph_of_two_sentences_before_numbered_lines_is_no_subtitle() -> None:
    """ "On utilise une boîte… ronde. Chaque panier doit… renfermer :" over "1. 5 jetons…": the
    paragraph keeps its sentences; a short line there is the subtitle it was."""
    text = (
        "Manière de jouer\n\nOn utilise une boîte et une corbeille ronde. Chaque panier doit renfermer :\n\n"
        "1. 5 jetons valant chacun 5 fiches, en tout 25 fiches.\n2. 10 contrats valant chacun 10 jetons.\n"
    )
    spans = analyse(text).spans
    assert [text[s.start : s.end] for s in spans if s.tag == "head"] == ["Manière de jouer"]


def test_a_bullet_before_a_number_opens_an_item_of_its_own() -> None:
    """ "…la Dame et le Roi⏎- 21 atouts comportant un numéro.": the dash opens a new item, though
    what follows it is no capital; a bullet before lower case after a line that runs on is OCR's."""
    text = "L'ordre est le suivant : l'As, le 2, la Dame et le Roi\n- 21 atouts comportant un numéro.\n"
    paragraphs = [text[s.start : s.end] for s in analyse(text).spans if s.tag == "p"]
    assert paragraphs == ["L'ordre est le suivant : l'As, le 2, la Dame et le Roi", "- 21 atouts comportant un numéro."]


def test_a_running_head_ends_before_the_text_it_runs_over() -> None:
    """ "carte à jouer (suite)": a dictionary's running head, though in lower case and without a
    stop, heads the page; the sentence after it begins its own paragraph."""
    text = "carte à jouer (suite)\n\nLe donneur distribue 5 cartes à chacun des joueurs.\n"
    assert [s.tag for s in analyse(text).spans if s.tag in ("head", "p")] == ["head", "p"]
    assert _paragraphs(text) == ["Le donneur distribue 5 cartes à chacun des joueurs."]


def test_lines_that_open_alike_are_items_and_a_conjunction_carries_an_item_on() -> None:
    """Lines without stops that open with the same word ("Sur le 10…⏎Sur la dame…", three or more)
    are the items of a list, each its own paragraph, and so is the line after them; an item a
    conjunction opens after a comma ("• …5 cartes,⏎• et on révèle…") goes on with the one before."""
    stakes = "Sur le 10 de carreau, chacun mise 1 pion\nSur la dame de pique, chacun mise 3 pions\n"
    stakes += "Sur le roi de coeur, chacun mise 4 pions\nLes 52 cartes sont distribuées.\n"
    assert len(_paragraphs(stakes)) == 4
    wrapped = "Sur le tapis on met les\ncartes, et chacun en prend\nune.\n"  # two lines only, leading on
    assert len(_paragraphs(wrapped)) == 1
    items = "  • Chaque personne reçoit 5 cartes,\n  • et on révèle la première carte.\n  • Chacun joue.\n"
    assert [p.split()[2] for p in _paragraphs(items)] == ["personne", "joue."]


def test_an_aside_that_ends_a_line_of_a_text_not_wrapped_ends_its_paragraph() -> None:
    """Where a text's lines are longer than a page prints (its paragraphs kept as lines), "(L'as vaut
    pour 1)" at a line's end ends its paragraph; in a wrapped page it does not."""
    long = "Chaque joueur à son tour joue plusieurs cartes de son jeu dans l'ordre de hauteur, " * 3
    soft = long + "(L'as vaut pour 1)\nLorsque le joueur ne peut plus continuer, il passe.\n"
    assert len(_paragraphs(soft)) == 2
    assert len(_paragraphs("On joue (voir plus bas)\nLe roi prend.\n")) == 1


def test_a_short_line_titles_what_follows_in_a_text_not_wrapped() -> None:
    """Where lines are paragraphs (some longer than a page prints), "Mise en place : distribution et
    chien" between two sentences titles the next; a line with its comma, or after a colon, is text."""
    long = "Ça se joue à 4 joueurs avec un jeu de 78 cartes, et le but est de finir avec le plus de points. " * 3
    text = long + "\nMise en place : distribution et chien\nÀ 4 joueurs, la distribution se fait face cachée.\n"
    assert "Mise en place : distribution et chien" in [
        text[s.start : s.end] for s in analyse(text).spans if s.tag == "head"
    ]
    for text in (
        long + "\nOn distribue ainsi :\nSur le tapis une carte\nLe reste forme le talon.\n",  # announced
        long + "\nA 3 joueurs, on donne 15 cartes\nLe reste forme le talon.\n",  # a clause with its comma
        long + "\nCarte As 10 Roi Dame Valet 9 8 7\nValeur 11 10 4 3 2 0 0 0\n",  # a row of a table
    ):
        lines = split_lines(text)
        assert not _titles(lines, 0, len(lines)), text[-40:]
