"""The words a synthetic wiki is made of: names, supervisors, topics, prose.

Fixed tables, drawn from by the generator; kept apart so that the code that
writes pages stays readable.
"""

from __future__ import annotations

GIT = "https://git.example.edu"
LETTERS = "abcdefghijklmnoprstuvz"

# --------------------------------------------------------------------------- names

MALE_FIRST = (
    "Adam Adrián Albert Alex Andrej Anton Boris Branislav Daniel Dávid Denis Dominik Dušan "
    "Eduard Emil Erik Filip František Gabriel Henrich Igor Ivan Jakub Ján Jaroslav Jozef "
    "Juraj Kamil Karol Kristián Ladislav Lukáš Ľubomír Ľuboš Marek Marián Martin Matej "
    "Matúš Michal Milan Miroslav Norbert Ondrej Oliver Oskar Patrik Pavol Peter Radoslav "
    "Rastislav Richard Róbert Roman Rudolf Samuel Sebastián Simon Stanislav Šimon Štefan "
    "Tadeáš Teodor Timotej Tomáš Viktor Vladimír Vojtech Zoltán Žigmund"
).split()
FEMALE_FIRST = (
    "Adriána Alena Alexandra Alžbeta Andrea Anna Barbora Bianka Diana Dominika Ema Emília "
    "Eva Gabriela Hana Helena Ivana Jana Jarmila Júlia Karin Karolína Katarína Kristína "
    "Laura Lenka Lívia Lucia Ľudmila Magdaléna Marcela Mária Martina Michaela Miriam Monika "
    "Natália Nela Nikola Nina Olívia Paulína Petra Radka Renáta Romana Sára Silvia Simona "
    "Sofia Soňa Stanislava Tamara Tatiana Terézia Timea Vanda Veronika Viktória Viera "
    "Zuzana Žaneta"
).split()
# male forms; the female form is derived by female_surname()
SURNAMES = (
    "Adamec Balog Baláž Bartoš Bednár Beňo Bielik Blaho Bodnár Boroš Brezina Bučko Burian "
    "Cibula Čech Černák Čierny Čonka Danko Didek Dobrovodský Dudáš Ďurica Ďuriš Fabian "
    "Farkaš Fedor Ferenc Ferko Gajdoš Galko Gál Gregor Hajdu Halás Hanko Hlaváč Holub Horák "
    "Horváth Hrnčiar Hríb Hudák Ihnát Jakubec Janík Jankovič Jurčo Kačmár Kalina Kaščák "
    "Kiss Klein Kolár Kollár Kopčák Kostka Kováč Kozák Krajčír Kráľ Krupa Kučera Kurek "
    "Labuda Lacko Lenárt Lipták Lukáč Macko Majer Maruška Matis Mihalik Mikula Molnár "
    "Mráz Nagy Németh Novák Novotný Oláh Ondrejka Oravec Orban Palko Pataky Pavlík Petrík "
    "Pintér Polák Poloha Porubský Púčik Rajčan Repka Rusnák Sabol Sedlák Sikora Slivka "
    "Sloboda Sokol Stanko Staš Svoboda Szabó Šimko Šípoš Škoda Šmid Štefanko Šťastný "
    "Takáč Tóth Tomko Turčan Uhrin Urban Vaľko Varga Vavrek Vereš Vojtko Zajac Zeman "
    "Zelenák Zima Žiak Židek Žitný Antal Baran Belan Benko Biroš Bobek Bulla Cenker Čermák "
    "Dorko Drotár Dzurko Figura Fraňo Gombár Grega Hamrák Harvan Hlinka Hnát Hoza Hrabovský "
    "Hruška Chovan Ilavský Jedlička Jurík Kamenský Kandráč Klimko Kmeť Kočiš Korbel Kriššák "
    "Kubík Kuruc Lacko Ľupták Marko Medvec Mesároš Michalko Mikuš Minárik Mokoš Nemec Oberuč "
    "Paľa Pekár Pilát Rybár Sálus Sekera Siváček Skokan Smutný Straka Šebo Šoltés Tkáč Ťapák "
    "Uhlár Vasil Veselý Virág Vrábeľ Záborský Zápotočný Zvara Žák"
).split()
SURNAMES = list(dict.fromkeys(SURNAMES))  # keep the first of any repeated name

SUPERVISOR_POOL = (
    ("Daniel Hládek", "Ing. Daniel Hládek, PhD."),
    ("Ján Staš", "doc. Ing. Ján Staš, PhD."),
    ("Jozef Juhár", "prof. Ing. Jozef Juhár, CSc."),
    ("Renáta Kolárová", "Ing. Renáta Kolárová, PhD."),
    ("Marek Bielik", "doc. Ing. Marek Bielik, PhD."),
    ("Lucia Ferencová", "Ing. Lucia Ferencová, PhD."),
    ("Pavol Vereš", "Ing. Pavol Vereš, PhD."),
    ("Silvia Hanková", "doc. RNDr. Silvia Hanková, PhD."),
    ("Vladimír Zeman", "prof. Ing. Vladimír Zeman, DrSc."),
    ("Monika Liptáková", "Ing. Monika Liptáková, PhD."),
    ("Tomáš Sikora", "Ing. Tomáš Sikora, PhD."),
    ("Eduard Palko", "doc. Ing. Eduard Palko, CSc."),
)
CONSULTANTS = (
    "Ing. Tomáš Sýkora",
    "Mgr. Eva Lenártová",
    "Ing. Ľubomír Šťastný, PhD.",
    "Ing. Štefan Jurčo",
    "RNDr. Karol Blaho",
    "Ing. Nina Horáková",
)
ACADEMIC_TITLES = frozenset("Bc. Ing. Mgr. RNDr. PaedDr. doc. prof. PhD. CSc. DrSc. ArtD.".split())

# --------------------------------------------------------------------------- topics
# slug, title, keyword, cores (nominative noun phrases), English cores

TOPICS = (
    (
        "spracovanie-prirodzeneho-jazyka",
        "Spracovanie prirodzeného jazyka",
        "nlp",
        (
            "Rozpoznávanie pomenovaných entít",
            "Morfologická analýza",
            "Lematizácia slov",
            "Klasifikácia textov",
            "Analýza sentimentu",
            "Oprava gramatických chýb",
            "Detekcia toxických komentárov",
            "Extrakcia vzťahov medzi entitami",
        ),
        ("Named entity recognition", "Sentiment analysis", "Text classification"),
    ),
    (
        "rozpoznavanie-reci",
        "Rozpoznávanie reči",
        "asr",
        (
            "Rozpoznávanie spontánnej reči",
            "Detekcia kľúčových slov",
            "Diarizácia hovoriacich",
            "Prepis nahrávok",
            "Rozpoznávanie reči detí",
            "Adaptácia akustických modelov",
            "Identifikácia jazyka",
        ),
        ("Speech recognition", "Keyword spotting", "Speaker diarization"),
    ),
    (
        "strojovy-preklad",
        "Strojový preklad",
        "preklad",
        (
            "Neurónový strojový preklad",
            "Doménová adaptácia prekladu",
            "Hodnotenie kvality prekladu",
            "Preklad odborných textov",
        ),
        ("Neural machine translation", "Quality estimation for machine translation"),
    ),
    (
        "chatboty",
        "Chatboty a dialógové systémy",
        "chatbot",
        ("Chatbot", "Dialógový systém", "Hlasový asistent", "Konverzačný agent"),
        ("Conversational agent", "Task-oriented dialogue system"),
    ),
    (
        "vyhladavanie-informacii",
        "Vyhľadávanie informácií",
        "vyhľadávanie",
        (
            "Hybridné vyhľadávanie",
            "Sémantické vyhľadávanie",
            "Vyhľadávanie podobných dokumentov",
            "Extrakcia kľúčových slov",
            "Odpovedanie na otázky",
        ),
        ("Dense retrieval", "Question answering", "Hybrid search"),
    ),
    (
        "pocitacove-videnie",
        "Počítačové videnie",
        "videnie",
        (
            "Detekcia objektov",
            "Segmentácia obrazu",
            "Sledovanie osôb",
            "Rozpoznávanie gest",
            "Klasifikácia obrázkov",
            "Rozpoznávanie tváre",
        ),
        ("Object detection", "Image segmentation", "Pose estimation"),
    ),
    (
        "jazykove-modely",
        "Veľké jazykové modely",
        "llm",
        (
            "Dotrénovanie jazykového modelu",
            "Generovanie otázok",
            "Zjednodušovanie textu",
            "Hodnotenie jazykových modelov",
        ),
        ("Large language models", "Instruction tuning of language models"),
    ),
    (
        "syntéza-reci",
        "Syntéza reči",
        "tts",
        ("Syntéza reči", "Klonovanie hlasu", "Prozódia syntetickej reči"),
        ("Text-to-speech synthesis",),
    ),
    (
        "spracovanie-biomedicinskych-signalov",
        "Spracovanie biomedicínskych signálov",
        "biosignály",
        ("Klasifikácia EKG signálov", "Detekcia artefaktov v EEG", "Analýza spánku"),
        ("ECG classification",),
    ),
    (
        "kyberneticka-bezpecnost",
        "Kybernetická bezpečnosť",
        "bezpečnosť",
        (
            "Detekcia phishingových e-mailov",
            "Detekcia anomálií v sieťovej prevádzke",
            "Analýza škodlivého kódu",
        ),
        ("Intrusion detection",),
    ),
    (
        "odporucacie-systemy",
        "Odporúčacie systémy",
        "odporúčanie",
        ("Odporúčanie článkov", "Personalizované odporúčanie", "Odporúčanie kurzov"),
        ("Recommender systems",),
    ),
    (
        "znalostne-grafy",
        "Znalostné grafy",
        "graf",
        ("Konštrukcia znalostného grafu", "Prepájanie entít", "Dopytovanie znalostného grafu"),
        ("Knowledge graph completion",),
    ),
)
QUALIFIERS = (
    "v slovenčine",
    "v slovenských textoch",
    "pomocou neurónových sietí",
    "pomocou transformerov",
    "s malým množstvom dát",
    "pre mobilné zariadenia",
    "v reálnom čase",
    "v právnych dokumentoch",
    "v medicínskej doméne",
    "pre študijné oddelenie",
    "na báze veľkých jazykových modelov",
    "v zašumenom prostredí",
    "pre e-learning",
    "v spravodajských textoch",
    "s využitím znalostných grafov",
)
QUALIFIERS_EN = (
    "for Slovak",
    "in low-resource settings",
    "with transformers",
    "on edge devices",
    "for legal documents",
)
STATUS = (
    "Dáta sú pripravené, chýba kontrola kvality.",
    "Prvý model natrénovaný, výsledky sú lepšie ako baseline.",
    "Prečítaných {n} článkov k téme, prehľad je rozpísaný.",
    "Experimenty bežia na servri katedry, trvajú dlhšie, ako sme čakali.",
    "Text práce má {n} strán.",
    "Vyhodnotenie ukázalo chyby hlavne pri zriedkavých triedach.",
    "Anotácia prebieha, hotových je {n} % dát.",
    "Kód je v repozitári, chýba návod na spustenie.",
    "Konzultácia s vedúcim o štruktúre práce.",
    "Výsledky sú horšie ako v literatúre, hľadáme príčinu.",
)
TASKS = (
    "Dopísať kapitolu o súčasnom stave.",
    "Pripraviť tabuľku s porovnaním metód.",
    "Zopakovať experiment s inými parametrami.",
    "Doplniť citácie podľa normy.",
    "Natrénovať model na väčšej množine dát.",
    "Poslať text vedúcemu do konca mesiaca.",
    "Pripraviť prezentáciu na kontrolný deň.",
    "Analyzovať chyby na {n} príkladoch.",
    "Napísať návod na spustenie do README.",
    "Skontrolovať licencie použitých dát.",
)
PROSE = (
    "Práca nadväzuje na predchádzajúce práce na katedre a rozširuje ich o nové experimenty.",
    "Dáta pochádzajú z verejne dostupných zdrojov, časť bola anotovaná ručne.",
    "Súčasťou riešenia je jednoduchá webová aplikácia na demonštráciu výsledkov.",
    "Vyhodnotenie prebehlo na testovacej množine, ktorá nebola použitá pri trénovaní.",
    "Najväčším problémom bol nedostatok anotovaných dát v slovenčine.",
    "Kód a konfigurácie experimentov sú v repozitári práce.",
    "Výsledky boli prezentované na študentskej vedeckej konferencii.",
)
