"""Questions no wiki of this kind answers: the null sample of gate calibration.

Each wiki's gate is fitted at index time against what these questions score
on *its* pages (``calibration.py``): how much of an unrelated question's
wording a page happens to share, and how close an unrelated question comes
to a page in meaning, differ with the wiki's language, size and field.
Everyday subjects far from any documentation (food, weather, sport, travel,
health, money, home) and a few near ones (consumer devices, offices, shops),
in Slovak, Czech and English, phrased as users phrase questions. None of
them is in an evaluation set: the gate is scored on questions it never saw.
"""

from __future__ import annotations

PROBES: tuple[str, ...] = (
    # Slovak
    "Ako dlho sa pečie kuracie stehno v rúre?",
    "Kde si môžem vybaviť nový občiansky preukaz?",
    "Aká je predpoveď počasia na víkend v Tatrách?",
    "Kto je najlepší strelec slovenskej futbalovej ligy?",
    "Koľko stojí letenka z Bratislavy do Londýna?",
    "Ako sa zbaviť vodného kameňa v rýchlovarnej kanvici?",
    "Čo pomáha na bolesť hrdla?",
    "Kedy je najlepšie sadiť zemiaky?",
    "Ako si nastaviť budík na mobile?",
    "Ktorá poisťovňa má najlacnejšie PZP?",
    "Ako vymeniť pneumatiky na bicykli?",
    "Kde je najbližšia lekáreň s nočnou službou?",
    "odporucte dobry film na vecer",
    "kolko kalorii ma jablko",
    "Aké sú otváracie hodiny pošty v sobotu?",
    # Czech
    "Jak dlouho se vaří špagety al dente?",
    "Kde si mohu prodloužit řidičský průkaz?",
    "Jaké počasí bude příští týden v Praze?",
    "Kdo vyhrál Tour de France v roce 2019?",
    "Kolik stojí dálniční známka na rok?",
    "Jak vyčistit troubu bez chemie?",
    "Co dělat při bodnutí vosou?",
    "Kdy kvetou třešně v Japonsku?",
    "Jak přenést kontakty ze starého telefonu?",
    "Jaký je kurz eura ke koruně?",
    "Jak naučit psa chodit na vodítku?",
    "Kde koupit levné vstupenky na koncert?",
    "jak se dela bramborovy salat",
    "nejlepsi lyzarske stredisko v Alpach",
    "Jak podat daňové přiznání online?",
    # English
    "How long should I boil an egg for a runny yolk?",
    "Where can I renew my passport?",
    "What will the weather be like in Vienna tomorrow?",
    "Who won the Champions League final last year?",
    "How much is a train ticket from Vienna to Budapest?",
    "How do I remove red wine stains from a carpet?",
    "What are the symptoms of vitamin D deficiency?",
    "When should I prune apple trees?",
    "How do I pair wireless headphones with my phone?",
    "Which credit card has the best travel rewards?",
    "How do I change a flat tyre on my car?",
    "best pizza restaurants near me",
    "how many hours of sleep does a teenager need",
    "What time does the supermarket close on Sunday?",
    "How to get rid of ants in the kitchen",
)
