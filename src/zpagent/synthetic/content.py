"""The longer pieces of a student page: meeting logs and oversized content.

Meeting logs under a thesis, and the rare code block, long table or enormous
word that stress the chunker. Each draws from the generator's one random
stream, in the order the page is written.
"""

from __future__ import annotations

import random

from zpagent.synthetic.vocabulary import STATUS, TASKS

# --------------------------------------------------------------------------- meeting logs


def meetings(rng: random.Random, year: int, count: int, bold: bool) -> list[str]:
    out: list[str] = []
    months = [(10, year - 1), (11, year - 1), (12, year - 1), (2, year), (3, year), (4, year)]
    slots = sorted(rng.sample(range(len(months) * 3), min(count, len(months) * 3)))
    s_label, u_label = ("**Stav:**", "**Úlohy:**") if bold else ("Stav:", "Úlohy:")
    for slot in slots:
        month, y = months[slot // 3]
        day = 1 + (slot % 3) * 9 + rng.randrange(9)
        out += [f"### Stretnutie {day}. {month}. {y}", ""]
        stav = [x.format(n=rng.randrange(5, 60)) for x in rng.sample(STATUS, rng.randrange(1, 3))]
        if len(stav) == 1:
            out += [f"{s_label} {stav[0]}", ""]
        else:
            out += [s_label, ""] + [f"- {x}" for x in stav] + [""]
        tasks = [x.format(n=rng.randrange(20, 200)) for x in rng.sample(TASKS, rng.randrange(1, 4))]
        out += [u_label, ""] + [f"- {x}" for x in tasks] + [""]
    return out


# --------------------------------------------------------------------------- oversized content


def code_block(rng: random.Random) -> list[str]:
    lines = ["### Log z trénovania", "", "```text"]
    loss = 3.0
    for step in range(1, rng.randrange(150, 260)):
        loss *= 0.985
        lines.append(
            f"epoch {step // 10 + 1:3d} | step {step * 50:6d} | "
            f"loss {loss + rng.random() * 0.05:.4f} | lr {1e-3 / (1 + step / 100):.2e}"
        )
    return [*lines, "```", ""]


def table(rng: random.Random) -> list[str]:
    lines = ["| # | Konfigurácia | WER | CER |", "|---|---|---|---|"]
    for k in range(rng.randrange(81, 120)):
        lines.append(
            f"| {k + 1} | model-{rng.randrange(100)}-lr{rng.randrange(1, 9)}e-4 | "
            f"{rng.uniform(8, 40):.2f} | {rng.uniform(2, 15):.2f} |"
        )
    return [*lines, ""]


def blob(rng: random.Random) -> str:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    return "".join(rng.choice(alphabet) for _ in range(6000))
