#!/usr/bin/env python3
"""Generate ``eval/datasets/paraphrase.json``: theses named in other words.

Usage::

    python eval/datasets/make_paraphrase_dataset.py            # rewrites paraphrase.json here
    python eval/datasets/make_paraphrase_dataset.py --out DIR

A reader rarely remembers a thesis title word for word. Each thesis of the
sample wiki (``examples/zpwiki-truth.json``) is asked for twice, without the
student's name:

- ``title_paraphrase``: in Slovak, in other words ("prepis hovoreného
  slova" for a speech-recognition title);
- ``title_crosslingual``: in English for a Slovak title, in Slovak for an
  English one.

The phrasings are hand-written below; the expected pages are the student's
page plus every topic page that lists that student with that exact title
(``make_datasets.Truth.topic_pages_listing``), never anything a search
returned. A query may share at most a third of its content words with the
title (checked here for the paraphrases), so that lexical search alone cannot solve the set:
the dense side exists for these. The split is a stable hash of the item id
(``make_datasets.split_of``); the test split is frozen (``tests/eval``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_datasets import TRUTH_PATH, Truth, check, fold, item  # noqa: E402

# (person id, thesis kind) -> (Slovak paraphrase, the other language)
PHRASINGS: dict[tuple[str, str], tuple[str, str]] = {
    ("peter-kovac", "bachelor"): (
        "rozoznanie nálad a pocitov v krátkych príspevkoch z Twitteru",
        "emotion detection in Slovak tweets",
    ),
    ("peter-kovac", "master"): (
        "ako hodnotia zákazníci tovar: polarita názorov s neurónovými sieťami",
        "sentiment analysis of product reviews with deep learning",
    ),
    ("maria-novakova", "master"): (
        "výber najdôležitejších viet z veľmi rozsiahlych textov cez grafy",
        "extractive summarization of long documents using graph methods",
    ),
    ("maria-novakova", "bachelor"): (
        "stručné zhrnutie správ z denníkov bez zásahu človeka",
        "automatic summarization of Slovak newspaper articles",
    ),
    ("zuzana-horvathova", "bachelor"): (
        "zaraďovanie fotiek jedla do kategórií konvolučnými modelmi",
        "food image classification with convolutional networks",
    ),
    ("zuzana-horvathova", "master"): (
        "vyznačenie oblastí na záberoch očného pozadia",
        "segmentation of retinal medical images",
    ),
    ("lubomir-stastny", "dissertation"): (
        "prispôsobenie modelu zvuku prirodzenému neplánovanému hovoru",
        "adapting acoustic models for spontaneous Slovak speech recognition",
    ),
    ("jakub-novak", "bachelor"): (
        "webový nástroj na značkovanie zbierok textu",
        "web application for annotating text corpora",
    ),
    ("martin-horvath-mh123ab", "bachelor"): (
        "určenie, kto práve rozpráva, podľa i-vectorov",
        "speaker recognition using i-vectors",
    ),
    ("martin-horvath-mh123ab", "master"): (
        "kto kedy hovorí v spravodajskom vysielaní rozhlasu a televízie",
        "diarizácia hovoriacich v slovenských správach",
    ),
    ("katarina-vargova", "bachelor"): (
        "hľadanie príbuzných textov cez vnorenia do vektorového priestoru",
        "finding similar documents with vector representations",
    ),
    ("katarina-vargova", "master"): (
        "kombinované lexikálne a sémantické hľadanie v zákonoch a rozsudkoch",
        "hybrid search in Slovak legal documents",
    ),
    ("tomas-dudas", "bachelor"): (
        "okamžité čítanie cestných tabúľ a symbolov pri jazde",
        "real-time traffic sign recognition",
    ),
    ("lucia-krajcirova", "bachelor"): (
        "určovanie slovných druhov a tvarov rekurentnými sieťami",
        "morphological analysis of Slovak with recurrent neural networks",
    ),
    ("lucia-krajcirova", "master"): (
        "prevod ohnutých tvarov na základný tvar slova sekvenčnými modelmi",
        "lemmatization of Slovak words with sequence models",
    ),
    ("radoslav-ondrejka", "bachelor"): (
        "identifikácia ľudí podľa rysov obličaja pri slabom osvetlení",
        "face recognition in poor lighting conditions",
    ),
    ("jan-holp", "master"): (
        "hľadanie mien osôb, firiem a miest v textoch po slovensky",
        "named entity recognition in Slovak",
    ),
    ("jan-holp", "bachelor"): (
        "počítačové tlmočenie textov medzi jazykmi umelou inteligenciou",
        "machine translation with neural networks",
    ),
    ("petra-tothova", "bachelor"): (
        "odhaľovanie odpísaných záverečných prác študentov",
        "plagiarism detection in student theses",
    ),
    ("petra-tothova", "master"): (
        "odhalenie odpisovania medzi slovenčinou a angličtinou cez preklad",
        "medzijazyková detekcia plagiátov pre slovenčinu a angličtinu",
    ),
    ("michal-sedlak", "bachelor"): (
        "zapínanie svetiel a spotrebičov v byte povelmi vyslovenými nahlas",
        "voice control of a smart home",
    ),
    ("michal-sedlak", "master"): (
        "zachytenie povelov v hlučnom okolí",
        "keyword spotting in noisy environments",
    ),
    ("veronika-bodnarova", "master"): (
        "konverzačný robot, ktorý radí študentom s pravidlami štúdia",
        "a chatbot answering questions about study regulations",
    ),
    ("tomas-kovac", "bachelor"): (
        "čítanie ručne napísaných cifier v smartfóne",
        "handwritten digit recognition on a mobile device",
    ),
    ("tomas-kovac", "master"): (
        "hľadanie budov a áut na záberoch z dronov a lietadiel",
        "object detection in aerial images using YOLO",
    ),
    ("jana-novakova", "bachelor"): (
        "zbierka dvojíc otázka a odpoveď v našom jazyku",
        "a corpus of Slovak questions and answers",
    ),
    ("jana-novakova", "master"): (
        "systém, ktorý nájde riešenie dopytu v našej online encyklopédii",
        "question answering over Slovak Wikipedia",
    ),
    ("adam-molnar", "bachelor"): (
        "neurónový preklad medzi slovenčinou a maďarčinou",
        "strojový preklad zo slovenčiny do maďarčiny neurónovými sieťami",
    ),
    ("simona-rusnakova", "bachelor"): (
        "zistiť z hlasu, či je človek nahnevaný alebo smutný",
        "emotion recognition from speech",
    ),
    ("simona-rusnakova", "master"): (
        "umelý hlas, ktorý číta slovenský text nahlas",
        "Slovak speech synthesis with neural networks",
    ),
    ("david-polak", "bachelor"): (
        "rozhovor s počítačom pri kúpe lístka na vlak alebo autobus",
        "a dialogue system for booking travel tickets",
    ),
    ("erik-varga", "bachelor"): (
        "nájsť ľudí idúcich po ulici na zábere histogramom gradientov",
        "pedestrian detection with HOG features",
    ),
    ("erik-varga", "master"): (
        "ako stojí a drží končatiny človek na jednej fotke",
        "human pose estimation from a single photograph",
    ),
    ("martin-horvath-mh456cd", "bachelor"): (
        "automatické čítanie ŠPZ áut",
        "licence plate recognition",
    ),
    ("martin-horvath-mh456cd", "master"): (
        "sledovanie ľudí na záznamoch z kamerového dohľadu",
        "tracking people in security camera footage",
    ),
    ("natalia-benova", "bachelor"): (
        "prekladanie lekárskych dokumentov počítačom",
        "machine translation of medical texts",
    ),
    ("natalia-benova", "master"): (
        "prispôsobenie prekladača na zákony a zmluvy",
        "domain adaptation of neural translation to legal texts",
    ),
    ("barbora-simkova", "bachelor"): (
        "doplnenie mäkčeňov a dĺžňov do textu bez nich",
        "automatic diacritics restoration in Slovak",
    ),
    ("barbora-simkova", "master"): (
        "opravovanie preklepov a nesprávnych tvarov modelmi typu transformer",
        "grammatical error correction in Slovak with transformers",
    ),
    ("richard-kollar", "bachelor"): (
        "diktovanie správ lekárov do počítača",
        "speech recognition in a medical setting",
    ),
    ("richard-kollar", "master"): (
        "štatistika slov pre prepis diktátov v nemocnici",
        "language modelling for medical speech recognition",
    ),
    ("erik-fedor", "bachelor"): (
        "hľadanie paragrafov v legislatíve metódou Okapi",
        "searching the collection of laws with BM25",
    ),
    ("kristina-pavlikova", "bachelor"): (
        "nájdenie mien a inštitúcií v súdnych a legislatívnych dokumentoch",
        "named entity recognition in legal texts",
    ),
    ("kristina-pavlikova", "master"): (
        "zisťovanie, ako spolu súvisia osoby a firmy spomenuté v článkoch",
        "relation extraction between entities in Slovak texts",
    ),
    ("ivana-hudakova", "bachelor"): (
        "automatická tvorba kvízových úloh pre online vzdelávanie",
        "question generation from text for e-learning",
    ),
    ("ivana-hudakova", "master"): (
        "tvorba otázok po slovensky s pomocou LLM",
        "generovanie otázok pre slovenčinu veľkými jazykovými modelmi",
    ),
    ("samuel-bartos", "bachelor"): (
        "rozoznanie pohybov dlane a prstov z webkamery",
        "hand gesture recognition with a camera",
    ),
    ("dominika-cechova", "bachelor"): (
        "triedenie pošty podľa toho, ako rýchlo treba odpovedať",
        "classifying Slovak e-mails by urgency",
    ),
    ("patrik-krissak", "bachelor"): (
        "hľadanie podľa významu v manuáloch k programom",
        "semantic search in software documentation",
    ),
    ("zuzana-sokolova", "bachelor"): (
        "konverzačný asistent s LLM pre požičiavanie kníh na univerzite",
        "a chatbot based on a large language model for a university library",
    ),
    ("juraj-ferko", "bachelor"): (
        "prepis hovoreného slova z audio relácií cez Whisper",
        "transcription of Slovak podcasts with Whisper",
    ),
    ("terezia-pataky", "bachelor"): (
        "preklad znakovej reči nepočujúcich zo záznamu",
        "Slovak sign language recognition from video",
    ),
    ("viktor-labuda", "master"): (
        "husté vyhľadávanie v slovenčine s viacjazyčnými kódovačmi",
        "vyhľadávanie dokumentov v slovenčine pomocou viacjazyčných enkodérov",
    ),
    ("ivana-tothova", "bachelor"): (
        "overovanie pravdivosti tvrdení v spravodajstve",
        "fact-checking Slovak news",
    ),
    ("alzbeta-kralova", "bachelor"): (
        "prepis toho, čo hovoria malé deti pred nástupom do školy",
        "speech recognition for preschool children",
    ),
    ("marek-mihalik", "bachelor"): (
        "nástroj, ktorý prevedie texty z jazyka Shakespeara do našej reči",
        "English to Slovak machine translation with MarianMT",
    ),
    ("nikola-ziakova", "bachelor"): (
        "odpovede na dopyty o tom, čo je na fotke",
        "visual question answering about images",
    ),
    ("roman-slivka", "dissertation"): (
        "kombinované hľadanie informácií s ontológiami a sieťou pojmov",
        "hybrid information retrieval with knowledge graphs",
    ),
    ("igor-bodnar", "bachelor"): (
        "automatický výber hesiel z odborných publikácií",
        "keyword extraction from scientific papers",
    ),
    ("samuel-toth", "bachelor"): (
        "prepísanie byrokratických dokumentov do zrozumiteľnej reči pomocou LLM",
        "simplifying Slovak official texts with language models",
    ),
    ("lenka-hribova", "bachelor"): (
        "počítačové posúdenie, ako dobre niekto vyslovuje anglické slová",
        "automatic assessment of English pronunciation",
    ),
    ("stefan-jurco", "dissertation"): (
        "rozsiahle LLM pre náš jazyk",
        "large language models for Slovak",
    ),
    ("timotej-oravec", "bachelor"): (
        "zistenie, akou rečou niekto hovorí, z nahrávky",
        "spoken language identification",
    ),
    ("adam-szabo", "bachelor"): (
        "hlasom ovládaný pomocník pre slepých",
        "a voice assistant for blind users",
    ),
}
MAX_SHARED = 1 / 3  # share of a query's content words that may appear in the title

# Function words of queries (Slovak and English), not evidence of overlap.
_STOP = set(
    "a aj ako alebo cez do k ktory ktora ktore na nad o od po pod pre pri s so v vo z zo "
    "za ze co kto kedy akou sa je the a an of in on for with to by from about over".split()
)


def content(text: str) -> list[str]:
    words = [w.strip(".,:;?!\"'()") for w in fold(text).lower().split()]
    return [w for w in words if w and w not in _STOP]


def shared(query: str, title: str) -> float:
    """Share of the query's content words whose first five letters occur in the title."""
    q, t = content(query), {w[:5] for w in content(title)}
    return sum(1 for w in q if w[:5] in t) / max(1, len(q))


def build(truth: Truth) -> dict[str, Any]:
    items = []
    for p, t in truth.pairs(include_ambiguous=True):
        phr = PHRASINGS.get((p.id, t.kind))
        if phr is None:
            continue
        relevant = [p.path, *truth.topic_pages_listing(p, t.title)]
        for category, query in zip(("title_paraphrase", "title_crosslingual"), phr, strict=True):
            # Cognates ("sentiment", "analysis") are what the other language shares.
            overlap = shared(query, t.title)
            if category == "title_paraphrase":
                assert overlap <= MAX_SHARED, (p.id, t.kind, query, round(overlap, 2))
            expect = {"relevant": relevant, "status": "ok", "answers": [t.title]}
            items.append(item("par", category, f"{p.id}-{t.kind}", query, expect, None))
    return {
        "schema_version": 1,
        "kind": "retrieval",
        "description": (
            "Thesis titles named in other words (Slovak paraphrases) and in the other "
            "language (English for Slovak titles, Slovak for English ones), without the "
            "student's name; expectations from examples/zpwiki-truth.json "
            "(make_paraphrase_dataset.py)."
        ),
        "items": items,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=HERE, help="output directory")
    args = parser.parse_args(argv)
    truth = Truth(json.loads(TRUTH_PATH.read_text(encoding="utf-8")))
    ds = build(truth)
    check(truth, {"paraphrase": ds})
    args.out.mkdir(parents=True, exist_ok=True)
    text = json.dumps(ds, ensure_ascii=False, indent=2) + "\n"
    (args.out / "paraphrase.json").write_text(text, encoding="utf-8")
    print(f"paraphrase.json: {len(ds['items'])} items")


if __name__ == "__main__":
    main()
