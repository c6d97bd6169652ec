"""Guide, rules and home pages for wikigen.py.

Each guide is built from "units" (a sentence, a list, a table or a code block).
Facts point at a unit, so the answer text is guaranteed to appear verbatim on
the page.  Values that differ between seeds (server name, port, deadlines, ...)
come in through the params dict P.
"""

FENCE = "```"


def _code(lang, body):
    return f"{FENCE}{lang}\n{body}\n{FENCE}"


def _guide(path, title, language, fm, blocks, facts, kind="guide", published=True):
    """blocks: list of markdown strings, joined by blank lines.
    facts: list of (question, unit) where unit must be one of the blocks or a
    substring of one."""
    text = fm + "\n\n".join(blocks).rstrip("\n") + "\n"
    return dict(path=path, title=title, language=language, kind=kind, text=text,
                published=published,
                facts=[dict(question=q, answer_unit=u) for q, u in facts])


def build_guides(P):
    g = []

    # ------------------------------------------------------------------ git
    clone = _code("bash", f"git clone git@{P['githost']}:LOGIN/{P['repo_example']}.git\ncd {P['repo_example']}")
    config = _code("bash", 'git config --global user.name "Meno Priezvisko"\n'
                           'git config --global user.email "meno.priezvisko@student.example.edu"')
    daily = _code("bash", "git status\ngit add text/kapitola2.tex src/train.py\n"
                          'git commit -m "Doplnená kapitola o dátach"\ngit push')
    notgit = ("- veľké dátové sady (tie patria na server do `/data`),\n"
              "- natrénované modely a checkpointy (`*.pt`, `*.ckpt`, `*.safetensors`),\n"
              "- virtuálne prostredie Pythonu (`venv/`, `.conda/`),\n"
              "- pomocné súbory LaTeXu (`*.aux`, `*.log`, `*.synctex.gz`),\n"
              "- heslá, tokeny a API kľúče.")
    ignore = _code("gitignore", "venv/\n__pycache__/\n*.pt\n*.ckpt\n*.aux\n*.log\ndata/")
    often = "Commitujte aspoň raz týždenne, ideálne po každom stretnutí s vedúcim, aby vedúci videl aktuálny stav práce."
    where = f"Adresu repozitára nájdete po prihlásení na https://{P['githost']} v zozname projektov; repozitár vám založí vedúci práce."
    conflict = "Ak `git push` skončí chybou `rejected`, najprv si stiahnite zmeny príkazom `git pull --rebase` a potom push zopakujte."
    g.append(_guide(
        "pages/navody/git/README.md", "Git pre študentov", "sk",
        "---\ntitle: Git pre študentov\ntaxonomy:\n    category: [navody]\n    tag: [git, repozitár]\n---\n\n",
        ["# Git pre študentov",
         "Každý študent má svoj repozitár so zdrojovými kódmi aj textom práce. Vedúci sa naň pozerá pred každým stretnutím.",
         "## Prvé nastavenie", "Pred prvým commitom nastavte meno a e-mail:", config,
         "## Stiahnutie repozitára", where, clone,
         "## Bežná práca", daily, often,
         "## Čo nepatrí do gitu", "Do repozitára nedávajte:", notgit,
         "Príklad súboru `.gitignore`:", ignore,
         "## Časté problémy", conflict],
        [("Ako si stiahnem (naklonujem) svoj repozitár?", clone),
         ("Čo nemám dávať do gitu?", notgit),
         ("Ako odošlem zmeny do repozitára?", daily),
         ("Ako často mám commitovať?", often),
         ("Čo robiť, keď git push skončí chybou rejected?", conflict)]))

    # ------------------------------------------------------------------ server
    ssh = _code("bash", f"ssh LOGIN@{P['server']} -p {P['port']}")
    keys = _code("bash", f"ssh-keygen -t ed25519\nssh-copy-id -p {P['port']} LOGIN@{P['server']}")
    vpn = "Mimo univerzitnej siete sa na server dostanete iba cez univerzitnú VPN."
    gpu = (f"Jeden študent môže naraz používať najviac {P['gpus']} GPU karty. "
           "Pred spustením úlohy si pozrite obsadenie príkazom `nvidia-smi`.")
    data = f"Dáta a modely ukladajte do adresára `/data/LOGIN`, kde máte kvótu {P['quota']} GB. Domovský adresár slúži len na kód."
    tmux = _code("bash", "tmux new -s trening\npython train.py --config configs/base.yaml\n"
                         "# odpojenie: Ctrl+b, potom d\ntmux attach -t trening")
    g.append(_guide(
        "pages/navody/server/README.md", "Pripojenie na výpočtový server", "sk",
        "---\ntitle: Pripojenie na výpočtový server\npublished: true\ntaxonomy:\n  category: navody\n  tag: [ssh, gpu, server]\nauthor: " + P["server_admin"] + "\n---\n\n",
        ["# Pripojenie na výpočtový server",
         f"Katedra prevádzkuje výpočtový server `{P['server']}` s grafickými kartami pre trénovanie modelov. "
         "Účet vám na požiadanie vedúceho práce vytvorí správca servera.",
         "## Prihlásenie", ssh, vpn,
         "## Prihlasovanie kľúčom", "Aby ste nemuseli stále zadávať heslo, vygenerujte si SSH kľúč a nahrajte ho na server:", keys,
         "## Pravidlá používania", gpu, data,
         "## Dlho bežiace úlohy",
         "Trénovanie spúšťajte v programe `tmux`, aby úloha bežala aj po odpojení:", tmux],
        [("Ako sa pripojím na výpočtový server?", ssh),
         ("Ako sa pripojím na server z domu?", vpn),
         ("Koľko GPU môžem naraz používať?", gpu),
         ("Kam mám ukladať dáta a modely na serveri?", data),
         ("Ako nechať bežať trénovanie po odhlásení?", tmux)]))

    # ------------------------------------------------------------------ latex
    tclone = _code("bash", f"git clone https://{P['githost']}/katedra/zp-sablona.git")
    build = _code("bash", "latexmk -pdf -interaction=nonstopmode main.tex")
    parts = ("1. titulná strana,\n2. zadávací list (naskenovaný, podpísaný),\n3. abstrakt v slovenčine a v angličtine,\n"
             "4. obsah, zoznam obrázkov a tabuliek,\n5. zoznam skratiek,\n6. jadro práce,\n7. zoznam použitej literatúry,\n8. prílohy.")
    files = ("| Súbor | Obsah |\n|---|---|\n| `main.tex` | hlavný súbor, nastavenie údajov o práci |\n"
             "| `kapitoly/*.tex` | jednotlivé kapitoly |\n| `literatura.bib` | zoznam literatúry v BibTeXe |\n"
             "| `obrazky/` | obrázky vo formáte PDF alebo PNG |")
    overleaf = "Šablónu môžete nahrať aj do Overleafu: stiahnite ZIP z repozitára a v Overleafe zvoľte New Project → Upload Project."
    g.append(_guide(
        "pages/navody/latex/README.md", "Šablóna záverečnej práce v LaTeXu", "sk",
        "---\ntitle: 'Šablóna záverečnej práce v LaTeXu'\ntaxonomy:\n    category:\n        - navody\n    tag:\n        - latex\n        - šablóna\n---\n\n",
        ["# Šablóna záverečnej práce v LaTeXu",
         "Záverečnú prácu píšte v oficiálnej katedrovej šablóne. Šablóna rieši okraje, písmo aj poradie povinných častí.",
         "## Kde šablónu nájdem", tclone, overleaf,
         "## Štruktúra šablóny", files,
         "## Preklad dokumentu", build,
         "## Povinné časti práce", parts,
         "Literatúru spracúva balík `biblatex` so štýlom `iso-numeric`, pozri [návod na citovanie](../citovanie)."],
        [("Kde nájdem LaTeXovú šablónu práce?", tclone),
         ("Ako preložím šablónu do PDF?", build),
         ("Aké časti musí záverečná práca obsahovať?", parts),
         ("Môžem šablónu používať v Overleafe?", overleaf),
         ("Do ktorého súboru patrí zoznam literatúry?", files)]))

    # ------------------------------------------------------------------ citations
    book = "PRIEZVISKO, Meno. *Názov knihy: podnázov*. 2. vyd. Miesto vydania: Vydavateľ, 2019. ISBN 978-80-000-0000-0."
    article = ("VASWANI, Ashish et al. Attention is all you need. In: *Advances in Neural Information Processing Systems 30*. "
               "Curran Associates, 2017, s. 5998–6008.")
    web = "Common Voice [online]. Mozilla Foundation, 2024 [cit. 2024-11-05]. Dostupné z: https://commonvoice.mozilla.org"
    bibl = _code("latex", "\\usepackage[backend=biber,style=iso-numeric]{biblatex}\n\\addbibresource{literatura.bib}\n...\n\\printbibliography")
    minsrc = (f"Bakalárska práca by mala citovať aspoň {P['min_bp']} zdrojov, diplomová práca aspoň {P['min_dp']} zdrojov, "
              "z toho väčšinu odborných článkov alebo kníh.")
    fig = "Každý prevzatý obrázok, tabuľku aj vzorec treba citovať priamo v jeho popise."
    g.append(_guide(
        "pages/navody/citovanie/README.md", "Citovanie podľa normy ISO 690", "sk",
        "---\ntitle: Citovanie podľa normy ISO 690\ntaxonomy:\n    category: [navody]\n    tag: 'citácie, ISO 690, literatúra'\n---\n\n",
        ["# Citovanie podľa normy ISO 690",
         "Bibliografické odkazy v záverečnej práci sa na univerzite tvoria podľa normy STN ISO 690.",
         "## Príklady záznamov", "Kniha:", "> " + book, "Článok v zborníku:", "> " + article, "Webový zdroj:", "> " + web,
         "## Nastavenie v LaTeXu", bibl,
         "## Pravidlá", minsrc, fig,
         "Wikipédiu ako zdroj necitujte, použite zdroje uvedené v článku."],
        [("Ako má vyzerať citácia knihy podľa ISO 690?", book),
         ("Ako citovať webovú stránku?", web),
         ("Ako nastavím citovanie ISO 690 v LaTeXu?", bibl),
         ("Koľko zdrojov má citovať bakalárska práca?", minsrc),
         ("Treba citovať prevzaté obrázky?", fig)]))

    # ------------------------------------------------------------------ defense
    timing = (f"Prezentácia trvá najviac {P['mins']} minút. Po nej nasleduje čítanie posudkov a diskusia s komisiou, "
              f"spolu približne {P['q_mins']} minút.")
    bring = ("- prezentáciu na USB kľúči aj v PDF,\n- index alebo ISIC kartu,\n"
             "- vytlačené posudky s poznámkami k otázkam oponenta,\n- ukážku funkčného riešenia (video alebo notebook).")
    table = ("| Časť | Čas |\n|---|---|\n"
             f"| Prezentácia študenta | {P['mins']} min |\n| Posudok vedúceho a oponenta | 5 min |\n"
             "| Odpovede na otázky oponenta | 5 min |\n| Diskusia s komisiou | 5 – 10 min |")
    reviews = f"Posudky vedúceho a oponenta sú v AIS zverejnené najneskôr {P['days']} pracovné dni pred obhajobou."
    slides = "Odporúčame 10 až 15 snímok: motivácia, cieľ, riešenie, výsledky, záver. Na snímkach nepíšte celé vety."
    g.append(_guide(
        "pages/navody/obhajoba/README.md", "Obhajoba záverečnej práce", "sk",
        "---\ntitle: Obhajoba záverečnej práce\nTaxonomy:\n    category: navody\n    tag: [obhajoba, štátnice]\n---\n\n",
        ["# Obhajoba záverečnej práce",
         "Obhajoba je súčasťou štátnej skúšky. Komisia hodnotí prácu, prezentáciu aj odpovede na otázky.",
         "## Priebeh", timing, table,
         "## Čo si priniesť", bring,
         "## Posudky", reviews,
         "## Prezentácia", slides],
        [("Ako dlho môže trvať prezentácia na obhajobe?", timing),
         ("Čo si mám priniesť na obhajobu?", bring),
         ("Kedy budú zverejnené posudky?", reviews),
         ("Koľko snímok má mať prezentácia?", slides),
         ("Ako prebieha obhajoba časovo?", table)]))

    # ------------------------------------------------------------------ writing tips
    scope = ("| Typ práce | Odporúčaný rozsah |\n|---|---|\n| Bakalárska práca | 30 – 40 normostrán |\n"
             "| Diplomová práca | 50 – 70 normostrán |\n| Dizertačná práca | 80 – 120 normostrán |")
    struct = ("1. Úvod – motivácia a cieľ práce.\n2. Analýza – prehľad existujúcich riešení.\n"
              "3. Návrh riešenia.\n4. Implementácia.\n5. Vyhodnotenie – experimenty a výsledky.\n6. Záver.")
    person = "Prácu píšte v prvej osobe množného čísla („navrhli sme“) alebo v neosobnom tvare, nie v prvej osobe jednotného čísla."
    errors = ("- chýbajúce odkazy na obrázky a tabuľky v texte,\n- anglické termíny bez vysvetlenia,\n"
              "- výsledky bez porovnania s inou metódou,\n- záver, ktorý iba opakuje úvod.")
    g.append(_guide(
        "pages/navody/ako-pisat/README.md", "Ako písať záverečnú prácu", "sk",
        "---\ntitle: Ako písať záverečnú prácu\ntaxonomy:\n    category: [navody]\n    tag: [písanie, štruktúra]\n---\n\n",
        ["# Ako písať záverečnú prácu",
         "Niekoľko rád, ktoré opakujeme na každom stretnutí. Prečítajte si ich skôr, ako začnete písať.",
         "## Rozsah", scope,
         "## Štruktúra", struct,
         "## Jazyk", person,
         "## Najčastejšie chyby", errors],
        [("Aký rozsah má mať diplomová práca?", scope),
         ("Aká je odporúčaná štruktúra práce?", struct),
         ("V akej osobe mám písať prácu?", person),
         ("Aké sú najčastejšie chyby v texte?", errors)]))

    # ------------------------------------------------------------------ deadlines
    ay = P["ay"]
    dl = P["deadlines"]
    dtable = ("| Úloha | Termín |\n|---|---|\n"
              f"| Zverejnenie tém | {dl['temy']} |\n| Výber témy a dohoda s vedúcim | {dl['vyber']} |\n"
              f"| Odovzdanie bakalárskych prác | {dl['bp']} |\n| Odovzdanie diplomových prác | {dl['dp']} |\n"
              f"| Obhajoby | {dl['obhajoby']} |")
    late = "Práca odovzdaná po termíne sa posúva na obhajobu v ďalšom akademickom roku; predĺženie termínu schvaľuje dekan len zo závažných dôvodov."
    how = "Prácu odovzdávate elektronicky v AIS vo formáte PDF/A spolu s prílohami v jednom archíve ZIP; tlačená verzia sa neodovzdáva."
    g.append(_guide(
        "pages/navody/terminy/README.md", f"Termíny v akademickom roku {ay}", "sk",
        f"---\ntitle: 'Termíny {ay}'\ntaxonomy:\n    category: [navody, terminy]\n---\n\n",
        [f"# Termíny v akademickom roku {ay}", dtable, "## Odovzdanie", how, "## Oneskorené odovzdanie", late],
        [("Dokedy treba odovzdať diplomovú prácu?", dtable),
         ("Ako sa odovzdáva záverečná práca?", how),
         ("Čo ak nestihnem termín odovzdania?", late)]))

    # ------------------------------------------------------------------ English guide
    lang = "You may write your thesis in English if your supervisor agrees; the abstract must always be provided in both Slovak and English."
    reg = ("1. Choose a topic from the list of topics on this wiki.\n2. Contact the supervisor by e-mail and agree on the assignment.\n"
           "3. The supervisor registers the assignment in AIS.\n4. You confirm the assignment in AIS before the deadline.")
    erasmus = "Erasmus students can only take the Team project or the Research task; a full thesis must be defended at the home university."
    tmpl_en = "The LaTeX template supports English: set `\\def\\thesislanguage{english}` in `main.tex`."
    g.append(_guide(
        "pages/navody/international/README.md", "Guide for international and Erasmus students", "en",
        "---\ntitle: Guide for international and Erasmus students\ntaxonomy:\n    category: [guides]\n    tag: [english, erasmus]\n---\n\n",
        ["# Guide for international and Erasmus students",
         "This page summarises the rules for students who do not speak Slovak.",
         "## Language of the thesis", lang, tmpl_en,
         "## How to register a topic", reg,
         "## Erasmus students", erasmus,
         "If anything is unclear, write to the thesis coordinator."],
        [("Can I write my thesis in English?", lang),
         ("How do I register a thesis topic?", reg),
         ("Can an Erasmus student write a full thesis here?", erasmus),
         ("How do I switch the LaTeX template to English?", tmpl_en)]))

    # ------------------------------------------------------------------ Czech guide
    length = "Abstrakt má mít 150 až 250 slov a musí být napsán jako jeden souvislý odstavec."
    contents = ("- jaký problém práce řeší a proč je důležitý,\n- jakou metodu autor použil,\n"
                "- hlavní výsledek, ideálně s číslem,\n- k čemu je výsledek dobrý.")
    notin = "Do abstraktu nepatří citace, zkratky bez vysvětlení ani odkazy na obrázky a kapitoly."
    kw = "Klíčových slov uveďte tři až šest a oddělte je čárkou."
    g.append(_guide(
        "pages/navody/abstrakt/README.md", "Jak napsat abstrakt", "cs",
        "---\ntitle: Jak napsat abstrakt\nauthor: {name: " + P["cz_author"] + "}\ntaxonomy:\n    category: [navody]\n    tag: [abstrakt]\n---\n\n",
        ["# Jak napsat abstrakt",
         "Abstrakt je první věc, kterou čte komise i čtenář v knihovně. Proto mu věnujte dostatek času.",
         "## Rozsah", length,
         "## Co má abstrakt obsahovat", contents,
         "## Čemu se vyhnout", notin,
         "## Klíčová slova", kw],
        [("Jak dlouhý má být abstrakt?", length),
         ("Co má abstrakt obsahovat?", contents),
         ("Co do abstraktu nepatří?", notin),
         ("Kolik klíčových slov uvést?", kw)]))

    # ------------------------------------------------------------------ draft (hidden) guide
    sbatch = _code("bash", "sbatch --gres=gpu:1 --time=24:00:00 train.sh\nsqueue -u $USER")
    limit = "Maximálna dĺžka jednej úlohy bude 48 hodín."
    g.append(_guide(
        "pages/navody/slurm/README.md", "Fronta úloh Slurm (rozpracované)", "sk",
        "---\ntitle: Fronta úloh Slurm (rozpracované)\npublished: false\n---\n\n",
        ["# Fronta úloh Slurm",
         "**Pozor:** tento návod je rozpracovaný, Slurm na serveri zatiaľ nie je nasadený.",
         "## Odoslanie úlohy", sbatch, limit],
        [("Ako odošlem úlohu do fronty Slurm?", sbatch),
         ("Aká je maximálna dĺžka úlohy v Slurme?", limit)],
        published=False))

    # ------------------------------------------------------------------ rules page
    rule_page = ("Každý študent si v priečinku `pages/students/ROK/LOGIN/` vytvorí súbor `README.md` "
                 "a udržiava v ňom aktuálne informácie o svojej práci.")
    template = _code("markdown", "---\ntitle: Meno Priezvisko\ntaxonomy:\n    category: [bp2025]\n    tag: [kľúčové, slová]\n---\n\n"
                     "# Meno Priezvisko\n\n- [Git repozitár](https://git.example.edu/LOGIN/bp2025)\n- Rok začiatku štúdia: 2022\n\n"
                     "## Bakalárska práca 2025\n\nNázov práce: ...\n\nVedúci práce: Ing. Meno Priezvisko, PhD.\n\n"
                     "### Stretnutie 1. 10. 2024\n\n- ...")
    meet = "Po každom stretnutí s vedúcim doplňte záznam: dátum, čo ste urobili a úlohy na ďalšie stretnutie."
    noprivate = "Na wiki nezverejňujte osobné údaje (telefónne číslo, rodné číslo, adresu) ani neverejné dáta od partnerov."
    g.append(_guide(
        "pages/pravidla/README.md", "Pravidlá pre študentské stránky", "sk",
        "---\ntitle: Pravidlá pre študentské stránky\ntaxonomy:\n    category: [pravidla]\n---\n\n",
        ["# Pravidlá pre študentské stránky", rule_page,
         "## Vzor stránky", "Stránku začnite podľa tohto vzoru (hodnoty nahraďte svojimi):", template,
         "## Záznamy zo stretnutí", meet,
         "## Čo nezverejňovať", noprivate],
        [("Kde si mám vytvoriť svoju stránku na wiki?", rule_page),
         ("Ako má vyzerať moja študentská stránka?", template),
         ("Čo mám zapisovať po stretnutí s vedúcim?", meet),
         ("Čo nesmiem zverejniť na wiki?", noprivate)],
        kind="rules"))
    return g


def home_page(topics, guides, P):
    lines = ["---", "title: Záverečné práce", "published: true", "---", "",
             "# Záverečné práce na katedre", "",
             "Táto wiki slúži študentom a vedúcim záverečných prác. Nájdete tu ponúkané témy, stránky študentov "
             "so záznamami zo stretnutí a návody.", "",
             "## Témy", ""]
    for t in topics:
        lines.append(f"- [{t['title']}](../topics/{t['slug']})")
    lines += ["", "## Návody", ""]
    for gd in guides:
        if gd["published"] and gd["kind"] == "guide":
            rel = gd["path"][len("pages/"):-len("/README.md")]
            lines.append(f"- [{gd['title']}](../{rel})")
    lines += ["", "## Kontakt", "",
              f"Technické problémy s wiki a serverom hláste správcovi ({P['server_admin']}).", ""]
    return "\n".join(lines)


ROOT_README = """# zpwiki

Zdrojové súbory wiki záverečných prác. Stránky sú v priečinku `pages/`,
každá stránka je súbor `README.md` vo vlastnom priečinku.

Zmeny posielajte cez merge request, študenti môžu meniť iba svoju stránku.
"""

ISSUE_TEMPLATE = """---
name: Nová téma
about: Návrh novej témy záverečnej práce
---

# Názov témy

Vedúci: 

Popis:
"""

WORKFLOW = """name: deploy
on:
  push:
    branches: [master]
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: ./scripts/build-site.sh
"""

HIDDEN_TEMPLATE = """---
title: Šablóna študentskej stránky
published: false
---

# Meno Priezvisko

## Bakalárska práca

Názov práce: Vzorový názov

Vedúci práce: Ing. Vzorový Vedúci, PhD.
"""

SITE_YAML = """title: Záverečné práce
base_url: https://zp.example.edu/
markdown:
  extra: true
"""

LATEX_TEX = r"""\documentclass[12pt,a4paper]{report}
\usepackage[slovak]{babel}
\begin{document}
\chapter{Úvod}
\end{document}
"""

GITIGNORE = "*.pyc\n.DS_Store\n/public/\n"
