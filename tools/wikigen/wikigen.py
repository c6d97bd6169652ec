#!/usr/bin/env python3
"""wikigen – deterministic generator of a synthetic "zpwiki" (a Git-style folder
of hand-written-looking Slovak Markdown pages about a department's final
theses) plus an exact ground-truth JSON of what the pages state.

    python wikigen.py OUT_DIR --seed N [--students 110] --truth TRUTH.json [--overwrite] [--no-check]

Same seed and options => byte-identical output.  Python 3.11, stdlib + PyYAML.

Sections:
  1. utilities (RNG, text helpers, front-matter reader used by the self-check)
  2. people (students, logins, supervisors and their written forms)
  3. careers and works (years, titles, supervisors, consultants, meetings)
  4. team projects and topics (membership plans)
  5. page-style plans and deliberate quirks
  6. rendering of student / topic / project / other pages (records relations)
  7. truth assembly
  8. self-check (re-reads the written pages and compares with the truth)
  9. main
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import re
import shutil
import sys
import unicodedata
from dataclasses import dataclass, field

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wikigen_data as D  # noqa: E402
import wikigen_guides as G  # noqa: E402

GENERATOR_VERSION = "1.0"
NOW = dt.date(2025, 6, 30)          # the wiki is a snapshot of this day
MAX_YEAR = 2025

# =============================================================================
# 1. Utilities
# =============================================================================


class Rng:
    """Named, independent sub-generators: changing how many numbers one part
    draws does not shift the others."""

    def __init__(self, seed: int):
        self.seed = seed

    def get(self, label: str) -> random.Random:
        return random.Random(f"wikigen:{self.seed}:{label}")


def wpick(r: random.Random, options: dict):
    """Weighted choice from {value: weight} (dict order is deterministic)."""
    keys = list(options)
    return r.choices(keys, weights=[options[k] for k in keys], k=1)[0]


def fold(s: str) -> str:
    """ASCII-fold and lowercase, keep only [a-z0-9]."""
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]", "", s.lower())


def num(x: float, dec: int) -> str:
    return f"{x:.{dec}f}".replace(".", ",")


def join_and(names: list[str], conj: str = "a") -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + f" {conj} " + names[-1]


def yq(s: str, r: random.Random | None = None) -> str:
    """Quote a YAML scalar when needed (and sometimes when not needed)."""
    need = (":" in s or "#" in s or s[:1] in "[]{}&*!|>'\"%@`-?,"
            or s.lower() in ("yes", "no", "true", "false", "on", "off", "null"))
    if need or (r is not None and r.random() < 0.15):
        if r is not None and r.random() < 0.5 and '"' not in s and "\\" not in s:
            return f'"{s}"'
        return "'" + s.replace("'", "''") + "'"
    return s


MONTHS_GEN = ["januára", "februára", "marca", "apríla", "mája", "júna", "júla",
              "augusta", "septembra", "októbra", "novembra", "decembra"]


def fmt_date(d: dt.date, style: str) -> str:
    if style == "sk":
        return f"{d.day}. {d.month}. {d.year}"
    if style == "sk_tight":
        return f"{d.day}.{d.month}.{d.year}"
    if style == "iso":
        return d.isoformat()
    if style == "sk_long":
        return f"{d.day}. {MONTHS_GEN[d.month - 1]} {d.year}"
    raise ValueError(style)


def split_front_matter(text: str):
    """Reader used by the self-check and for documents[].  Returns
    (status, meta_dict_or_None, body).  status: ok|broken|unclosed|missing."""
    t = text.replace("\r\n", "\n")
    lines = t.split("\n")
    if not lines or lines[0].strip() != "---":
        return "missing", None, t
    for i in range(1, len(lines)):
        if lines[i].strip() == "---":
            raw = "\n".join(lines[1:i])
            body = "\n".join(lines[i + 1:])
            try:
                meta = yaml.safe_load(raw)
            except yaml.YAMLError:
                return "broken", None, body
            if meta is None:
                meta = {}
            if not isinstance(meta, dict):
                return "broken", None, body
            return "ok", meta, body
    return "unclosed", None, t


def meta_get(meta: dict | None, key: str):
    if not meta:
        return None
    for k, v in meta.items():
        if isinstance(k, str) and k.lower() == key:
            return v
    return None


def published_value(meta) -> bool:
    v = meta_get(meta, "published")
    if v is None:
        return True
    if v is False:
        return False
    if isinstance(v, int) and not isinstance(v, bool) and v == 0:
        return False
    if isinstance(v, str) and v.strip().lower() in ("false", "no", "0", "off"):
        return False
    return True


def first_h1(body: str) -> str | None:
    in_code = False
    for line in body.split("\n"):
        if line.startswith("```"):
            in_code = not in_code
            continue
        if not in_code and re.match(r"^# \S", line):
            return line[2:].strip()
    return None


def expected_doc_title(path: str, text: str) -> str:
    status, meta, body = split_front_matter(text)
    t = meta_get(meta, "title") if status == "ok" else None
    if isinstance(t, str) and t.strip():
        return t.strip()
    h = first_h1(body)
    return h if h else path


# =============================================================================
# 2. People
# =============================================================================

# masculine/feminine surname forms of supervisors, for the student who shares
# a supervisor's family name
SUP_FAMILY = {
    "simko": ("Šimko", "Šimková"), "hruba": ("Hrubý", "Hrubá"),
    "fabian": ("Fabián", "Fabiánová"), "bielik": ("Bielik", "Bieliková"),
    "pavlikova": ("Pavlík", "Pavlíková"), "kmet": ("Kmeť", "Kmeťová"),
    "dobrovska": ("Dobrovský", "Dobrovská"), "ondrejka": ("Ondrejka", "Ondrejková"),
    "sykorova": ("Sýkora", "Sýkorová"), "gregus": ("Greguš", "Gregušová"),
    "vasko": ("Vaško", "Vašková"),
}


@dataclass
class Person:
    """A supervisor or consultant (or a PhD student acting as consultant)."""
    id: str
    given: str
    surname: str
    gender: str
    titles: list
    domains: list
    affiliation: str | None = None
    external: bool = False
    role: str = "supervisor"          # supervisor|consultant|student
    login: str | None = None          # when the person has a student page

    @property
    def canonical(self) -> str:
        return f"{self.given} {self.surname}"

    def titles_at(self, year: int):
        pre, post = "", ""
        for y0, p, s in self.titles:
            if year >= y0:
                pre, post = p, s
        return pre, post


def person_from(d: dict, role: str, external: bool = False) -> Person:
    return Person(id=d["id"], given=d["given"], surname=d["surname"], gender=d["gender"],
                  titles=list(d["titles"]), domains=list(d["domains"]),
                  affiliation=d.get("affiliation"), external=external, role=role)


def written_form(p: Person, year: int, r: random.Random, allow_plain=True) -> str:
    """One of the many ways people write a name with academic titles."""
    pre, post = p.titles_at(year)
    if r.random() < 0.12:                       # page updated later: current titles
        pre, post = p.titles_at(MAX_YEAR)
    g, s = p.given, p.surname
    styles = {"full": 60, "nocomma": 9, "plain": 12 if allow_plain else 0, "caps": 4,
              "initial": 5, "tight": 4}
    st = wpick(r, styles)
    suf = (lambda sep: f"{sep}{post}" if post else "")
    if st == "full":
        out = f"{pre} {g} {s}{suf(', ')}"
    elif st == "nocomma":
        out = f"{pre} {g} {s}{suf(' ')}"
    elif st == "plain":
        out = f"{g} {s}"
    elif st == "caps":
        out = f"{pre} {g} {s.upper()}{suf(', ')}"
    elif st == "initial":
        out = f"{pre} {g[0]}. {s}{suf(', ')}"
    else:
        out = f"{pre.replace(' ', '')}{g} {s}{suf(',')}"
    out = out.strip()
    if p.affiliation and r.random() < 0.7:
        out += f" ({p.affiliation})"
    return out


@dataclass
class Work:
    kind: str                     # bachelor|master|dissertation|diploma_project|research_task|team_project
    year: int                     # the year in the generator's world
    domain: str | None = None
    title: str | None = None
    title_en: str | None = None
    goal: str | None = None
    slots: dict = field(default_factory=dict)
    supervisor: Person | None = None
    consultants: list = field(default_factory=list)
    assignment: list = field(default_factory=list)
    dp_number: int | None = None
    project: dict | None = None   # team project plan
    role: str | None = None
    stub: bool = False
    # --- how the page states it (filled by the style planner)
    show_heading_year: bool = True
    category_code: bool = False
    category_year: int | None = None
    body_year_line: bool = False
    title_style: str = "sk"       # sk|en|sk_en|none
    show_supervisor: bool = True
    keywords_body: list = field(default_factory=list)
    former_title: str | None = None
    heading_title: bool = False
    meetings: list = field(default_factory=list)
    # --- truth (filled by the renderer)
    truth: dict = field(default_factory=dict)


@dataclass
class Student:
    idx: int
    given: str
    surname: str
    family: str
    gender: str
    origin: str
    marks: list = field(default_factory=list)
    login: str = ""
    folder_year: int = 0
    career: str = "bc"
    start_year: int | None = None
    works: list = field(default_factory=list)
    main_domain: str = "mt"
    style: dict = field(default_factory=dict)
    quirks: list = field(default_factory=list)
    topic_links: list = field(default_factory=list)   # slugs linked from the page
    consults: list = field(default_factory=list)      # (student, work) when PhD student consults
    person: Person | None = None                      # when acting as consultant

    @property
    def full(self) -> str:
        return f"{self.given} {self.surname}"

    @property
    def path(self) -> str:
        return f"pages/students/{self.folder_year}/{self.login}/README.md"

    @property
    def folder(self) -> str:
        return f"pages/students/{self.folder_year}/{self.login}"


def make_students(rng: Rng, n: int) -> list[Student]:
    r = rng.get("people")
    sk = list(D.SURNAMES_SK)
    r.shuffle(sk)
    hu = list(D.SURNAMES_HU)
    r.shuffle(hu)
    cz = list(D.SURNAMES_CZ)
    r.shuffle(cz)
    out: list[Student] = []
    used_full: set[str] = set()

    def sform(pair, gender):
        return pair[0] if gender == "m" else pair[1]

    def add(given, pair, gender, origin, marks=()):
        s = Student(idx=len(out), given=given, surname=sform(pair, gender), family=pair[0],
                    gender=gender, origin=origin, marks=list(marks))
        out.append(s)
        used_full.add(s.full)
        return s

    def take_sk(exclude=()):
        for i, pair in enumerate(sk):
            if pair[0] not in exclude:
                return sk.pop(i)
        return r.choice(D.SURNAMES_SK)

    def common(gender, exclude_initials=(), exclude=()):
        pool = D.MALE_GIVEN if gender == "m" else D.FEMALE_GIVEN
        cand = [(i, g) for i, g in enumerate(pool) if g[0] not in exclude_initials and g not in exclude]
        # the first dozen names of each list are the popular ones
        return r.choices([g for _, g in cand], weights=[3 if i < 12 else 1 for i, _ in cand], k=1)[0]

    # remove the Rusnák family from the random pool; it is used deliberately
    rus = next(p for p in sk if p[0] == "Rusnák")
    sk.remove(rus)
    big = n >= 60

    # --- families sharing one surname (3+ students)
    fam_specs = ([("mmff", True), ("mfm", False), ("mmm", None)] if big else [("mfm", False)]) if n >= 25 else []
    for genders, same_initial in fam_specs:
        pair = take_sk()
        givens: list[str] = []
        for gi, gnd in enumerate(genders):
            if same_initial is True and gi in (1, 3):
                prev = givens[gi - 1]
                pool = D.MALE_GIVEN if gnd == "m" else D.FEMALE_GIVEN
                cand = [g for g in pool if g[0] == prev[0] and g != prev]
                g = r.choice(cand) if cand else common(gnd, exclude=givens)
            elif same_initial is False:
                g = common(gnd, exclude_initials=[x[0] for x in givens])
            elif same_initial is None and gi == 2:
                g = r.choice([x for x in D.MALE_GIVEN if x[0] == givens[0][0] and x not in givens] or
                             [common(gnd, exclude=givens)])
            else:
                g = common(gnd, exclude=givens)
            givens.append(g)
            add(g, pair, gnd, "sk", ["shared_surname"])

    # --- man and woman of one family
    if n >= 10:
        g1 = common("m")
        g2 = common("f")
        add(g1, rus, "m", "sk", ["family_pair"])
        add(g2, rus, "f", "sk", ["family_pair"])

    # --- namesake pairs
    n_pairs = 3 if n >= 80 else (2 if n >= 40 else (1 if n >= 12 else 0))
    for _ in range(n_pairs):
        gnd = "m" if r.random() < 0.6 else "f"
        pair = take_sk()
        g = common(gnd)
        add(g, pair, gnd, "sk", ["namesake"])
        add(g, pair, gnd, "sk", ["namesake"])

    # --- a student sharing a supervisor's surname
    if n >= 20:
        sup = r.choice([s for s in D.SUPERVISORS if s["id"] in SUP_FAMILY])
        pair = SUP_FAMILY[sup["id"]]
        sk[:] = [p for p in sk if p[0] != pair[0]]
        gnd = "m" if r.random() < 0.5 else "f"
        add(common(gnd, exclude_initials=[sup["given"][0]]), pair, gnd, "sk",
            ["supervisor_surname:" + sup["id"]])

    # --- rare given names
    rare = list(D.RARE_GIVEN)
    r.shuffle(rare)
    for g, gnd in rare[:min(5, n // 20)]:
        add(g, take_sk(), gnd, "sk", ["rare_given_name"])

    # --- Hungarian-origin, Czech, foreign
    for _ in range(round(0.06 * n)):
        g, gnd = r.choice(D.HU_GIVEN)
        pair = hu.pop() if hu else r.choice(D.SURNAMES_HU)
        if f"{g} {sform(pair, gnd)}" in used_full:
            continue
        add(g, pair, gnd, "hu")
    for _ in range(round(0.05 * n)):
        g, gnd = r.choice(D.CZ_GIVEN)
        pair = cz.pop() if cz else r.choice(D.SURNAMES_CZ)
        if f"{g} {sform(pair, gnd)}" in used_full:
            continue
        add(g, pair, gnd, "cz")
    if n >= 40:
        fr = list(D.FOREIGN)
        r.shuffle(fr)
        for g, s, gnd in fr[:2]:
            add(g, (s, s), gnd, "foreign")

    # --- everybody else
    fam_used = {s.family for s in out}
    while len(out) < n:
        gnd = "f" if r.random() < 0.4 else "m"
        pair = take_sk(exclude=fam_used)
        for _ in range(50):
            g = common(gnd)
            if f"{g} {sform(pair, gnd)}" not in used_full:
                break
        else:
            continue
        add(g, pair, gnd, "sk")
    out = out[:n]
    r.shuffle(out)
    for i, s in enumerate(out):
        s.idx = i
    return out


LOGIN_CONV_BY_ERA = {
    "old": {"dot": 45, "initials": 30, "surN": 20, "gdot": 5},
    "mid": {"initials": 55, "fsur3": 20, "x5": 12, "dot": 8, "surN": 5},
    "new": {"fsur3": 45, "initials": 25, "x5": 15, "surN": 10, "gdot": 5},
}


def make_login(st: Student, conv: str, r: random.Random, used: set) -> str:
    g, s = fold(st.given), fold(st.surname)
    letters = "abcdefghijklmnoprstuvz"
    for attempt in range(200):
        if conv == "initials":
            lg = f"{g[0]}{s[0]}{r.randint(100, 999)}{r.choice(letters)}{r.choice(letters)}"
        elif conv == "fsur3":
            lg = f"{g[0]}{s[:7]}{r.randint(100, 999)}"
        elif conv == "x5":
            lg = f"x{(s + g)[:5]}{r.randint(0, 99):02d}"
        elif conv == "dot":
            lg = f"{s}.{g}" + ("" if attempt == 0 else str(attempt + 1))
        elif conv == "gdot":
            lg = f"{g}.{s}" + ("" if attempt == 0 else str(attempt + 1))
        elif conv == "surN":
            lg = f"{s}{r.randint(1, 9)}" if attempt < 20 else f"{s}{r.randint(10, 99)}"
        else:
            raise ValueError(conv)
        if lg not in used:
            used.add(lg)
            return lg
    raise RuntimeError("cannot make a unique login")


# =============================================================================
# 3. Careers and works
# =============================================================================

DOMAIN_KEYS = list(D.DOMAINS)
DOMAIN_EN = {
    "mt": "machine translation", "asr": "speech recognition", "diar": "speaker diarization",
    "ocr": "optical character recognition", "lpr": "licence plate recognition",
    "medseg": "medical image segmentation", "chatbot": "conversational agents",
    "sentiment": "sentiment analysis", "recsys": "recommender systems", "netsec": "intrusion detection",
    "iot": "IoT sensor networks", "robotics": "robot navigation", "ir": "semantic search",
    "tts": "speech synthesis", "energy": "PV power forecasting", "apps": "programming education",
}


class PoolExhausted(Exception):
    pass


class TitlePool:
    """Hands out unique thesis titles per domain; a template is reused (with a
    different slot value) only after all templates of the domain were used."""

    def __init__(self, r: random.Random):
        self.r = r
        self.used_titles: set[str] = set()
        self.tmpl_count: dict = {}
        self.phd_left = {k: list(v["phd"]) for k, v in D.DOMAINS.items()}
        for v in self.phd_left.values():
            r.shuffle(v)

    def _slot_name(self, tmpl: str):
        m = re.search(r"\{(\w+)\}", tmpl)
        return m.group(1) if m else None

    SUBTITLES = ["porovnanie prístupov", "experimentálne overenie", "analýza a návrh",
                 "nasadenie v praxi", "prototyp", "rozšírenie predchádzajúceho riešenia"]

    def take(self, domain: str, allow_subtitles: bool = False):
        """allow_subtitles: only for very large wikis, when plain titles run out
        (then e.g. "…: experimentálne overenie" keeps titles unique)."""
        dd = D.DOMAINS[domain]
        items = list(enumerate(dd["theses"]))
        self.r.shuffle(items)
        items.sort(key=lambda it: self.tmpl_count.get((domain, it[0]), 0))
        subs = [None] + (self.SUBTITLES if allow_subtitles else [])
        for sub in subs:
            for i, (sk, en, goal) in items:
                slot = self._slot_name(sk)
                vals = list(dd[slot]) if slot else [None]
                self.r.shuffle(vals)
                for v in vals:
                    t = sk.replace("{" + slot + "}", v) if slot else sk
                    if sub:
                        t = f"{t}: {sub}"
                    if t in self.used_titles:
                        continue
                    self.used_titles.add(t)
                    self.tmpl_count[(domain, i)] = self.tmpl_count.get((domain, i), 0) + 1
                    te = None
                    if en and not sub:
                        te = en.replace("{" + slot + "}", v) if slot else en
                    return t, te, goal, ({slot: v} if slot else {})
        raise PoolExhausted(domain)

    def take_phd(self, domain: str, allow_subtitles: bool = False):
        if self.phd_left[domain]:
            t = self.phd_left[domain].pop()
            self.used_titles.add(t)
            return t, None, None, {}
        return self.take(domain, allow_subtitles)


def fill(tmpl: str, slots: dict) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(slots[m.group(1)]), tmpl)


def make_slots(domain: str, fixed: dict, r: random.Random) -> dict:
    dd = D.DOMAINS[domain]
    s = {}
    for key in ("dataset", "tool", "model", "device", "robot"):
        if key in dd:
            s[key] = r.choice(dd[key])
    s.update(fixed)
    name, lo, hi, higher, dec, unit = dd["metric"]
    a = lo + r.random() * (hi - lo) * 0.75
    b = a + (hi - lo) * (0.04 + 0.2 * r.random())
    b = min(b, hi)
    v1, v2 = (a, b) if higher else (b, a)
    s["v1"], s["v2"] = num(v1, dec), num(v2, dec)
    s["_v"] = (v1, v2, lo, hi, dec)
    s["k"] = r.choice([r.randint(5, 60), r.randint(100, 950)])
    s["h"] = r.randint(2, 72)
    s["pages"] = r.randint(8, 62)
    return s


def make_assignment(w: Work, r: random.Random) -> list[str]:
    dd = D.DOMAINS[w.domain]
    k = r.randint(1, 4)
    tasks = sorted(r.sample(range(len(dd["tasks"])), min(k, len(dd["tasks"]))))
    sent = [fill(dd["tasks"][i], w.slots) for i in tasks]
    if w.goal:
        return [w.goal] + sent
    if w.kind == "dissertation":
        return [D.PHD_GOALS[w.domain]] + sent
    return sent if len(sent) >= 2 else sent + [fill(dd["tasks"][0], w.slots)]


def choose_supervisor(domain: str, sups: list[Person], r: random.Random, prev: Person | None = None) -> Person:
    if prev is not None and not prev.external and domain in prev.domains and r.random() < 0.7:
        return prev
    if prev is not None and not prev.external and r.random() < 0.25:
        return prev
    cand = [p for p in sups if domain in p.domains]
    return r.choice(cand)


def take_title(pool: TitlePool, w: Work, st: Student, rs: random.Random):
    """A unique title for the work; when its domain is used up, the work moves
    to another domain (with its diploma projects)."""
    domains = [w.domain] + sorted(d for d in DOMAIN_KEYS if d != w.domain)
    rs.shuffle(domains[1:])
    rest = domains[1:]
    rs.shuffle(rest)
    for d, subs in [(d, False) for d in [w.domain] + rest] + [(d, True) for d in [w.domain] + rest]:
        try:
            res = pool.take_phd(d, subs) if w.kind == "dissertation" else pool.take(d, subs)
        except PoolExhausted:
            continue
        if d != w.domain:
            if w.kind == "master":
                for x in st.works:
                    if x.kind == "diploma_project":
                        x.domain = d
            w.domain = d
        return res
    raise PoolExhausted("all")


def plan_careers(ctx: "Ctx"):
    r = ctx.rng.get("careers")
    n = len(ctx.students)
    q = {"phd": max(1, round(0.08 * n)) if n >= 12 else 0,
         "stub": max(1, round(0.025 * n)) if n >= 20 else 0,
         "bc_vu": round(0.05 * n), "ing": round(0.2 * n), "bc_ing": round(0.27 * n)}
    careers = []
    for k, v in q.items():
        careers += [k] * v
    careers += ["bc"] * (n - len(careers))
    careers = careers[:n]
    r.shuffle(careers)
    # namesakes should not both be PhD students (keeps consultant names unambiguous)
    for st, c in zip(ctx.students, careers):
        st.career = c
    for st in ctx.students:
        if "namesake" in st.marks and st.career == "phd":
            st.career = "bc_ing"
    pool = TitlePool(ctx.rng.get("titles"))
    ctx.title_pool = pool
    bag: list[str] = []
    while len(bag) < n:
        chunk = list(DOMAIN_KEYS)
        r.shuffle(chunk)
        bag += chunk
    for st, d in zip(ctx.students, bag):
        st.main_domain = d
    for st in ctx.students:
        d1 = st.main_domain
        c = st.career
        W = []
        if c == "bc":
            S = r.randint(2012, 2022)
            W.append(Work("bachelor", S + 3, d1))
            st.start_year = S
        elif c == "bc_vu":
            S = r.randint(2013, 2022)
            W.append(Work("research_task", S + 2, d1))
            W.append(Work("bachelor", S + 3, d1))
            st.start_year = S
        elif c == "ing":
            M = r.randint(2013, 2023)
            W.append(Work("master", M + 2, d1))
            if r.random() < 0.5:
                W.append(Work("diploma_project", M + 1, d1, dp_number=1))
                W.append(Work("diploma_project", M + 1, d1, dp_number=2))
            st.start_year = M
        elif c == "bc_ing":
            S = r.randint(2012, 2020)
            d2 = d1 if r.random() < 0.6 else r.choice(DOMAIN_KEYS)
            W.append(Work("bachelor", S + 3, d1))
            W.append(Work("master", S + 5, d2))
            if r.random() < 0.35:
                W.append(Work("diploma_project", S + 4, d2, dp_number=1))
                W.append(Work("diploma_project", S + 4, d2, dp_number=2))
            st.start_year = S
        elif c == "phd":
            P = r.randint(2015, 2021)
            W.append(Work("dissertation", P + 4, d1))
            if r.random() < 0.6:
                W.append(Work("research_task", P + 1, d1))
            st.start_year = P
            if r.random() < 0.6:
                W.append(Work("master", P, d1))
                st.start_year = P - 2
        elif c == "stub":
            S = r.randint(2021, 2023)
            if r.random() < 0.5:
                W.append(Work("bachelor", S + 3, d1, stub=True))
            else:
                W.append(Work("master", S + 2, d1, stub=True))
            st.start_year = S
        st.works = W

    # titles, slots, supervisors, assignments
    rs = ctx.rng.get("supervision")
    for st in ctx.students:
        prev = None
        for w in sorted(st.works, key=lambda w: (w.year, w.kind)):
            if w.stub:
                continue
            if w.kind == "diploma_project":
                continue
            t, te, goal, fixed = take_title(pool, w, st, rs)
            w.title, w.title_en, w.goal = t, te, goal
            w.slots = make_slots(w.domain, fixed, rs)
            w.supervisor = choose_supervisor(w.domain, ctx.supervisors, rs, prev)
            prev = w.supervisor
            w.assignment = make_assignment(w, rs)
        diss = next((w for w in st.works if w.kind == "dissertation"), None)
        for w in st.works:
            if diss and w.kind == "research_task":     # a PhD student's research task: same supervisor
                w.supervisor = diss.supervisor
        master = next((w for w in st.works if w.kind == "master"), None)
        for w in st.works:
            if w.kind == "diploma_project" and master:
                w.title, w.title_en, w.supervisor = master.title, master.title_en, master.supervisor
                w.slots = dict(master.slots)

    # two titles with a colon and a subtitle (hard case)
    cands = [w for st in ctx.students for w in st.works if w.kind in ("bachelor", "master") and w.title and not w.stub]
    for w in rs.sample(cands, min(2, len(cands))):
        sub = rs.choice(["návrh a implementácia", "prípadová štúdia", "porovnávacia štúdia"])
        newt = f"{w.title}: {sub}"
        pool.used_titles.add(newt)
        for st in ctx.students:
            for x in st.works:
                if x is not w and x.kind == "diploma_project" and x.title == w.title:
                    x.title = newt
        w.title = newt
        w.title_en = None

    # external supervisors: exactly one thesis each
    taken = set()
    for ext in ctx.externals:
        c = [(st, w) for st in ctx.students for w in st.works
             if w.kind in ("bachelor", "master") and not w.stub and w.domain in ext.domains
             and id(w) not in taken and "namesake" not in st.marks]
        if not c:
            c = [(st, w) for st in ctx.students for w in st.works
                 if w.kind in ("bachelor", "master") and not w.stub and id(w) not in taken]
        if not c:
            continue
        st, w = rs.choice(c)
        taken.add(id(w))
        w.supervisor = ext
        for x in st.works:
            if x.kind == "diploma_project" and x.title == w.title:
                x.supervisor = ext

    # consultants
    phds = [st for st in ctx.students if st.career == "phd"]
    for st in phds:
        m = next((w for w in st.works if w.kind == "master"), None)
        pre = "Ing." if (m or r.random() < 0.8) else "Mgr."
        diss = next(w for w in st.works if w.kind == "dissertation")
        st.person = Person(id="student:" + st.login if st.login else f"student:{st.idx}", given=st.given,
                           surname=st.surname, gender=st.gender, titles=[(0, pre, "")],
                           domains=[st.main_domain], role="student")
        st.person.years = (diss.year - 4 + 1, diss.year)  # type: ignore[attr-defined]
    phd_consults = 0
    for st in ctx.students:
        for w in st.works:
            if w.stub or w.kind in ("diploma_project", "team_project", "research_task"):
                continue
            p = {"bachelor": 0.12, "master": 0.25, "dissertation": 0.7}[w.kind]
            if rs.random() >= p:
                continue
            cands = [c for c in ctx.consultant_pool if w.domain in c.domains and c is not w.supervisor]
            # PhD students consult bachelor theses of their area
            if w.kind == "bachelor":
                for ph in phds:
                    y0, y1 = ph.person.years  # type: ignore[attr-defined]
                    if ph is not st and ph.main_domain == w.domain and y0 <= w.year <= y1:
                        cands += [ph.person] * 3
            if not cands:
                continue
            c1 = rs.choice(cands)
            w.consultants = [c1]
            if rs.random() < 0.08:
                more = [c for c in cands if c is not c1 and c.role != "student"]
                if more:
                    w.consultants.append(rs.choice(more))
            for c in w.consultants:
                if c.role == "student":
                    phd_consults += 1
                    ph = next(x for x in phds if x.person is c)
                    ph.consults.append((st, w))
    if phd_consults == 0:
        pairs = []
        for ph in phds:
            y0, y1 = ph.person.years  # type: ignore[attr-defined]
            for st in ctx.students:
                for w in st.works:
                    if st is not ph and w.kind == "bachelor" and not w.stub and y0 <= w.year <= y1 \
                            and "namesake" not in st.marks:
                        pairs.append((ph, st, w))
        if pairs:
            ph, st, w = rs.choice(pairs)
            w.consultants = [ph.person]
            ph.consults.append((st, w))
            phd_consults = 1
    ctx.phd_consults = phd_consults


# =============================================================================
# 4. Team projects and topics
# =============================================================================

def plan_team_projects(ctx: "Ctx"):
    r = ctx.rng.get("teams")
    n_proj = 5 if len(ctx.students) >= 60 else (2 if len(ctx.students) >= 25 else 0)
    by_year: dict[int, list] = {}
    for st in ctx.students:
        if "namesake" in st.marks:
            continue
        m = next((w for w in st.works if w.kind == "master" and not w.stub), None)
        if m and m.year - 1 <= MAX_YEAR:
            by_year.setdefault(m.year - 1, []).append((st, m))
    years = sorted(y for y, v in by_year.items() if len(v) >= 3)
    r.shuffle(years)
    templates = list(D.TEAM_PROJECTS)
    r.shuffle(templates)
    wl = ["project_page", "member_page", "both"]      # every listing mode appears (when >= 3 projects)
    r.shuffle(wl)
    extra = ["both", "project_page", "both"]
    r.shuffle(extra)
    wl += extra
    projects = []
    for i in range(min(n_proj, len(years), len(templates))):
        y = years[i]
        pool = by_year[y]
        k = min(len(pool), r.randint(3, 5))
        members = r.sample(pool, k)
        tp = dict(templates[i])
        tp["year"] = y
        tp["where"] = wl[i % len(wl)]
        tp["supervisor"] = r.choice([p for p in ctx.supervisors if set(p.domains) & set(tp["domains"])])
        tp["members"] = []
        roles = list(tp["roles"])
        r.shuffle(roles)
        for j, (st, m) in enumerate(members):
            on_member = tp["where"] == "member_page" or (tp["where"] == "both" and (j == 0 or r.random() < 0.75))
            on_project = tp["where"] != "member_page"
            tp["members"].append(dict(student=st, role=roles[j % len(roles)],
                                      on_member_page=on_member, on_project_page=on_project))
            if on_member:
                w = Work("team_project", y, m.domain, title=tp["title"], project=tp, role=roles[j % len(roles)])
                w.supervisor = tp["supervisor"]
                st.works.append(w)
        # an Erasmus guest without a student page on one project page
        tp["guest"] = None
        if tp["where"] != "member_page" and i == 0:
            g = r.choice([p for p in D.NO_PAGE_PEOPLE if p[0] in ("Lukas", "Marta")])
            tp["guest"] = dict(name=f"{g[0]} {g[1]}", role=r.choice(tp["roles"]))
        projects.append(tp)
    ctx.projects = projects


def plan_topics(ctx: "Ctx"):
    r = ctx.rng.get("topics")
    styles = ["link", "link", "plain", "plain", "name_login", "name_login", "table", "table",
              "sentence", "sentence", "link+sentence", "table+plain", "name_login+sentence"]
    r.shuffle(styles)
    no_page = list(D.NO_PAGE_PEOPLE)
    r.shuffle(no_page)
    student_names = {st.full for st in ctx.students}
    no_page = [p for p in no_page if f"{p[0]} {p[1]}" not in student_names]
    topics = []
    mismatch_done = False
    for ti, td in enumerate(D.TOPICS):
        t = dict(td)
        t["style"] = styles[ti % len(styles)]
        cands = []
        for st in ctx.students:
            ws = [w for w in st.works if w.domain in td["domains"] and not w.stub
                  and w.kind in ("bachelor", "master", "dissertation", "research_task")]
            if ws:
                cands.append((st, ws))
        r.shuffle(cands)
        k = min(len(cands), max(2, round(len(cands) * 0.75)), 14)
        chosen = sorted(cands[:k], key=lambda c: (-max(w.year for w in c[1]), c[0].idx))
        members = []
        for st, ws in chosen:
            ws = sorted(ws, key=lambda w: -w.year)
            if len(ws) > 1 and r.random() < 0.5:
                ws = ws[:1]
            members.append(dict(student=st, works=ws))
        if no_page and r.random() < 0.4:
            g, s, gnd = no_page.pop()
            members.append(dict(student=None, name=f"{g} {s}", gender=gnd,
                                old=dict(kind=r.choice(["bachelor", "master"]), year=r.randint(2010, 2014))))
        t["members"] = members
        t["lead"] = r.choice([p for p in ctx.supervisors if set(p.domains) & set(td["domains"])]) if r.random() < 0.6 else None
        t["mismatch"] = False
        if not mismatch_done and len(members) >= 3 and "table" in t["style"]:
            t["mismatch"] = True
            mismatch_done = True
        topics.append(t)
    ctx.topics = topics
    # some student pages link to their topic ("Oblasť: ...")
    for t in topics:
        for m in t["members"]:
            if m["student"] is not None and r.random() < 0.15:
                m["student"].topic_links.append(t)


# =============================================================================
# 5. Page style plans and quirks
# =============================================================================

QUIRK_COUNTS = {  # for 110 students; scaled for other sizes
    "hidden": 6, "broken_yaml": 4, "unclosed_front_matter": 2, "no_front_matter": 3,
    "capitalized_keys": 2, "no_h1": 10, "h1_login_only": 2, "crlf": 1,
    "year_conflict": 4, "title_changed": 2, "heading_title": 3, "meta_table": 2,
    "work_heading_h1": 1, "extra_md": 1, "image": 2,
}

HIDDEN_FORMS = ["false", '"false"', "no", "0", "'False'", '"no"']
BROKEN_KINDS = ["bracket", "tab", "colon", "indent"]


def assign_quirks(ctx: "Ctx"):
    r = ctx.rng.get("quirks")
    n = len(ctx.students)
    scale = n / 110
    order = list(ctx.students)
    r.shuffle(order)
    taken: dict[str, list] = {}

    def take(name, k, ok=lambda s: True, exclusive=()):
        res = []
        for st in order:
            if len(res) >= k:
                break
            if name in st.quirks or any(q in st.quirks for q in exclusive) or not ok(st):
                continue
            st.quirks.append(name)
            res.append(st)
        taken[name] = res
        return res

    cnt = {k: max(1 if n >= 20 else 0, round(v * scale)) for k, v in QUIRK_COUNTS.items()}
    fm_bad = ("broken_yaml", "unclosed_front_matter", "no_front_matter")
    take("broken_yaml", cnt["broken_yaml"], lambda s: s.career != "stub")
    take("unclosed_front_matter", cnt["unclosed_front_matter"], lambda s: s.career != "stub", exclusive=fm_bad)
    take("no_front_matter", cnt["no_front_matter"], lambda s: s.career != "stub", exclusive=fm_bad)
    take("capitalized_keys", cnt["capitalized_keys"], exclusive=fm_bad)
    hid = take("hidden", cnt["hidden"], exclusive=fm_bad)
    # one hidden page uses a capitalized "Published:" key
    caps = [s for s in hid if "capitalized_keys" in s.quirks]
    if hid and not caps:
        hid[-1].quirks.append("capitalized_keys")
    take("no_h1", cnt["no_h1"], exclusive=fm_bad)
    take("h1_login_only", cnt["h1_login_only"], exclusive=fm_bad + ("no_h1",))
    take("crlf", cnt["crlf"])
    take("work_heading_h1", cnt["work_heading_h1"], lambda s: "no_h1" in s.quirks and s.career != "stub")
    take("extra_md", cnt["extra_md"], lambda s: s.career != "stub")
    take("image", cnt["image"], lambda s: s.career in ("ing", "bc_ing", "phd"))
    ctx.quirk_lists = taken

    # work-level quirks
    works = [(st, w) for st in order for w in st.works
             if w.kind in ("bachelor", "master", "dissertation") and not w.stub]
    r.shuffle(works)
    used = set()

    def wtake(name, k, ok=lambda st, w: True):
        res = []
        for st, w in works:
            if len(res) >= k:
                break
            if id(w) in used or not ok(st, w):
                continue
            used.add(id(w))
            res.append((st, w))
        return res

    ctx.w_conflict = wtake("year_conflict", cnt["year_conflict"],
                           lambda st, w: not any(q in st.quirks for q in fm_bad))
    ctx.w_title_changed = wtake("title_changed", cnt["title_changed"])
    ctx.w_heading_title = wtake("heading_title", cnt["heading_title"],
                                lambda st, w: "work_heading_h1" not in st.quirks)
    ctx.w_meta_table = wtake("meta_table", cnt["meta_table"])


def plan_styles(ctx: "Ctx"):
    r = ctx.rng.get("styles")
    conflict_ids = {id(w) for _, w in ctx.w_conflict}
    changed = {id(w) for _, w in ctx.w_title_changed}
    htitle = {id(w) for _, w in ctx.w_heading_title}
    mtable = {id(w) for _, w in ctx.w_meta_table}
    for st in ctx.students:
        q = st.quirks
        fm = "ok"
        if "broken_yaml" in q:
            fm = "broken"
        elif "unclosed_front_matter" in q:
            fm = "unclosed"
        elif "no_front_matter" in q:
            fm = "missing"
        s = dict(fm=fm)
        s["broken_kind"] = r.choice(BROKEN_KINDS) if fm == "broken" else None
        s["cap_keys"] = "capitalized_keys" in q
        s["indent"] = r.choice([4, 4, 2])
        s["published"] = (r.choice(HIDDEN_FORMS) if "hidden" in q else
                          wpick(r, {None: 45, "true": 40, '"true"': 5, "yes": 5, "True": 5}))
        if "hidden" in q and s["cap_keys"]:
            s["published"] = "false"
        # H1 and title – the name must be readable somewhere
        if "no_h1" in q:
            s["h1"] = "none"
        elif "h1_login_only" in q:
            s["h1"] = "login"
        else:
            s["h1"] = wpick(r, {"name": 62, "titled_name": 9, "name_login": 10, "login_name": 5, "name_kind": 6})
        name_in_h1 = s["h1"] not in ("none", "login")
        if fm != "ok" and not name_in_h1:
            s["h1"] = "name"
            name_in_h1 = True
        if name_in_h1:
            s["title"] = wpick(r, {"name": 50, "titled_name": 4, "name_login": 5, "login": 6, "thesis_title": 8,
                                   "generic": 6, "name_dash_kind": 8, "missing": 13})
        else:
            s["title"] = wpick(r, {"name": 70, "titled_name": 8, "name_login": 10, "name_dash_kind": 12})
        if st.career == "stub" and s["title"] == "thesis_title":
            s["title"] = "name"
        if s["h1"] == "titled_name" and not _academic_title(st):
            s["h1"] = "name"
        if s["title"] == "titled_name" and not _academic_title(st):
            s["title"] = "name"
        s["author"] = wpick(r, {"supervisor": 50, "student": 25, "dict": 8, "list": 5, "tax_author": 7, None: 5})
        s["cat_style"] = wpick(r, {"inline": 45, "block": 20, "comma": 20, "single": 15})
        s["cat_upper"] = r.random() < 0.12
        s["cat_extra"] = r.random() < 0.2
        s["tag_style"] = wpick(r, {"inline": 50, "block": 15, "string": 25, None: 10})
        s["meta_style"] = wpick(r, {"list": 60, "lines": 28, "table": 12})
        s["repo"] = r.random() < 0.82
        s["start_stated"] = r.random() < 0.66 and st.career != "stub"
        s["start_form"] = r.randint(0, 8)
        s["order"] = "newest" if r.random() < 0.72 else "oldest"
        s["date_style"] = wpick(r, {"sk": 45, "sk_tight": 15, "iso": 25, "sk_long": 15})
        s["meet_mode"] = wpick(r, {"h3": 55, "h4": 10, "log": 20, "table": 7, "none": 8})
        s["meet_inner"] = r.randint(0, 2)
        s["list_meta"] = r.random() < 0.2
        s["email"] = r.random() < 0.15
        s["program"] = r.random() < 0.2
        s["hr"] = fm != "unclosed" and r.random() < 0.15
        st.style = s

        nw = len([w for w in st.works if not w.stub])
        for w in st.works:
            if w.stub:
                w.category_code, w.category_year, w.show_heading_year = True, w.year, False
                continue
            if w.kind in ("diploma_project", "team_project", "research_task"):
                w.show_heading_year = r.random() < 0.75
                w.category_code = False
            else:
                w.show_heading_year = r.random() < 0.72
                w.category_code = r.random() < 0.68
                if fm != "ok":
                    w.show_heading_year = True
                if not w.show_heading_year and not w.category_code and r.random() < 0.5:
                    w.body_year_line = True
            w.category_year = w.year if w.category_code else None
            if id(w) in conflict_ids:
                w.show_heading_year = True
                w.category_code = True
                w.category_year = w.year + r.choice([-1, 1])
            # title style
            if w.kind in ("bachelor", "master", "dissertation", "research_task"):
                if w.title_en and r.random() < 0.12:
                    w.title_style = "en"
                elif w.title_en and r.random() < 0.12:
                    w.title_style = "sk_en"
                else:
                    w.title_style = "sk"
            elif w.kind == "diploma_project":
                w.title_style = "sk" if r.random() < 0.35 else "none"
                w.show_supervisor = r.random() < 0.2
            if w.kind == "team_project":
                w.show_supervisor = r.random() < 0.5
            if w.kind in ("bachelor", "master", "dissertation", "research_task") and r.random() < 0.4:
                kws = list(D.DOMAINS[w.domain]["keywords"])
                r.shuffle(kws)
                w.keywords_body = kws[:r.randint(3, 5)]
            if id(w) in changed:
                other = ctx.title_pool.take(w.domain, allow_subtitles=True)[0]
                w.former_title = other
            w.heading_title = id(w) in htitle
            w.meta_table = id(w) in mtable  # type: ignore[attr-defined]
        _ = nw


def _academic_title(st: Student) -> str | None:
    """Academic title a student may put before the name (never part of the name)."""
    if st.career == "phd":
        return "Ing." if any(w.kind == "master" for w in st.works) else "Mgr."
    if st.career in ("ing", "bc_ing"):
        return "Bc."
    return None


# =============================================================================
# 6. Rendering
# =============================================================================

KIND_ADJ = {"bachelor": "bakalárskej", "master": "diplomovej", "dissertation": "dizertačnej",
            "research_task": "", "diploma_project": ""}
KIND_ABBR = {"bachelor": "BP", "master": "DP", "dissertation": "DzP", "research_task": "VÚ"}
KIND_WORD = {"bachelor": "bakalárska práca", "master": "diplomová práca",
             "dissertation": "dizertačná práca", "research_task": "výskumná úloha"}
KIND_LOC = {"bachelor": "v bakalárskej práci", "master": "v diplomovej práci",
            "dissertation": "v dizertačnej práci", "research_task": "vo výskumnej úlohe"}
CAT_PREFIX = {"bachelor": "bp", "master": "dp", "dissertation": "dz"}

HEADINGS = {
    "bachelor": (["Bakalárska práca {y}", "Bakalárska práca ({y})", "BP {y}", "Bakalárska práca – {y}",
                  "Bachelor thesis {y}", "Bakalárska práca, {y}"],
                 ["Bakalárska práca", "Bakalárka", "Bachelor thesis", "Bakalárska záverečná práca"]),
    "master": (["Diplomová práca {y}", "Diplomová práca ({y})", "DP {y}", "Master thesis ({y})",
                "Diplomovka {y}", "Diplomová práca – {y}"],
               ["Diplomová práca", "Diplomovka", "Master thesis", "Inžinierska diplomová práca"]),
    "dissertation": (["Dizertačná práca {y}", "Dizertačná práca ({y})", "PhD thesis {y}", "Dizertácia {y}"],
                     ["Dizertačná práca", "Dizertácia", "Doktorandské štúdium – dizertačná práca"]),
    "research_task": (["Výskumná úloha {y}", "Výskumná úloha ({y})", "Research task {y}"],
                      ["Výskumná úloha", "Výskumná úloha (doktorandské štúdium)"]),
    "team_project": (["Tímový projekt {y}", "Tímový projekt ({y})", "Team project {y}"],
                     ["Tímový projekt", "Tímový projekt (Ing.)"]),
    "diploma_project": (["Diplomový projekt {n} ({y})", "Diplomový projekt {n} {y}", "Diplomový projekt {n} – {y}",
                         "DP{n} {y}"],
                        ["Diplomový projekt {n}", "DP{n}"]),
}

START_FORMS = ["Rok začiatku štúdia: {y}", "Štúdium začaté: {y}", "Začiatok štúdia - {y}", "Started: {y}",
               "Rok nástupu na štúdium: {y}", "**Začiatok štúdia:** {y}", "Rok začiatku štúdia: {y}/{y1}",
               "Študujem od roku {y}.", "Start of study: {y}"]


class Ctx:
    def __init__(self, seed: int, n: int):
        self.seed = seed
        self.rng = Rng(seed)
        self.n = n
        self.supervisors = [person_from(d, "supervisor") for d in D.SUPERVISORS]
        self.externals = [person_from(d, "supervisor", external=True) for d in D.EXTERNAL_SUPERVISORS]
        self.consultant_only = [person_from(d, "consultant") for d in D.CONSULTANTS]
        self.consultant_pool = self.consultant_only + self.supervisors
        self.students: list[Student] = []
        self.docs: dict[str, str] = {}        # path -> text (markdown and other text files)
        self.binary: dict[str, bytes] = {}
        self.doc_meta: dict[str, dict] = {}
        self.relations: list[dict] = []
        self.sup_forms: dict[str, set] = {}   # canonical -> written forms (supervisor role)
        self.con_forms: dict[str, set] = {}   # canonical -> written forms (consultant role)
        self.author_forms: dict[str, set] = {}
        r = self.rng.get("params")
        gh = r.choice(["git.kemt.example.edu", "git.fei.example.edu", "gitlab.kiu.example.edu"])
        server = r.choice(["idoc.kemt.example.edu", "gpu1.fei.example.edu", "titan.kiu.example.edu",
                           "hpc-student.example.edu"])
        ay_end = MAX_YEAR
        self.params = dict(
            githost=gh, server=server, port=r.choice([22, 2222, 4422, 10022]),
            gpus=r.choice([1, 2, 2, 3]), quota=r.choice([200, 300, 500]),
            mins=r.choice([10, 12, 15]), q_mins=r.choice([20, 25, 30]), days=r.choice([3, 5]),
            min_bp=r.choice([15, 20, 25]), min_dp=r.choice([30, 35, 40]),
            repo_example=r.choice(["bp2025", "dp2025", "zaverecna-praca"]),
            server_admin=r.choice(["Ing. Michal Vaško", "Ing. Samuel Baran"]),
            cz_author=r.choice(["Jiří Dvořák", "Petra Lukáčová"]),
            ay=f"{ay_end - 1}/{ay_end}",
            deadlines=dict(
                temy=f"{r.randint(15, 30)}. 10. {ay_end - 1}", vyber=f"{r.randint(1, 15)}. 12. {ay_end - 1}",
                bp=f"{r.randint(10, 20)}. 5. {ay_end}", dp=f"{r.randint(20, 30)}. 4. {ay_end}",
                obhajoby=f"{r.randint(9, 13)}. – {r.randint(20, 27)}. 6. {ay_end}"),
        )

    # ---- recording helpers
    def rel(self, relation, subject, obj, page, **extra):
        d = dict(relation=relation, subject=subject, object=obj, evidence_page=page)
        d.update({k: v for k, v in extra.items() if v is not None})
        self.relations.append(d)

    def sup_written(self, p: Person, year: int, r: random.Random, role="supervisor") -> str:
        f = written_form(p, year, r)
        (self.sup_forms if role == "supervisor" else self.con_forms).setdefault(p.canonical, set()).add(f)
        return f


def person_canon(p: Person) -> dict:
    return dict(canonical=p.canonical, external=p.external, affiliation=p.affiliation,
                login=p.login, gender=p.gender)


# ---------------------------------------------------------------- front matter

def render_front_matter(ctx: Ctx, st: Student, r: random.Random) -> tuple[str, dict]:
    """Returns (text, info) where info holds what an indexer can read."""
    s = st.style
    info = dict(status=s["fm"], title=None, published=True, categories=[], tags=[], author=None)
    if s["fm"] == "missing":
        return "", info
    ind = " " * s["indent"]
    K = (lambda k: k.capitalize()) if s["cap_keys"] else (lambda k: k)
    lines = ["---"]

    # title
    tf = s["title"]
    main = _main_work(st)
    title = None
    if tf == "name":
        title = st.full
    elif tf == "titled_name":
        title = f"{_academic_title(st)} {st.full}"
    elif tf == "name_login":
        title = f"{st.full} ({st.login})"
    elif tf == "login":
        title = st.login
    elif tf == "thesis_title":
        title = main.title if main and main.title else st.full
    elif tf == "generic":
        title = {"bachelor": "Bakalárska práca", "master": "Diplomová práca",
                 "dissertation": "Dizertačná práca"}.get(main.kind if main else "", "Študent")
    elif tf == "name_dash_kind":
        k = main.kind if main else "bachelor"
        title = f"{st.full} - " + {"bachelor": "BP", "master": "DP", "dissertation": "PhD",
                                   "research_task": "VÚ", "team_project": "TP",
                                   "diploma_project": "DP"}[k]
    if title is not None:
        if s["fm"] == "broken" and s["broken_kind"] == "colon":
            lines.append(f"{K('title')}: {KIND_WORD.get(main.kind, 'Práca').capitalize()}: {title}")
        else:
            lines.append(f"{K('title')}: {yq(title, r)}")
        info["title"] = title
    elif s["fm"] == "broken" and s["broken_kind"] == "colon":
        lines.append(f"{K('title')}: Záverečná práca: {st.full}")
    if s["published"] is not None:
        lines.append(f"{K('published')}: {s['published']}")
        info["published"] = s["published"].strip("'\"").lower() not in ("false", "no", "0")

    # categories
    codes = []
    for w in sorted(st.works, key=lambda w: -w.year):
        if w.category_code and w.kind in CAT_PREFIX:
            codes.append(f"{CAT_PREFIX[w.kind]}{w.category_year}")
    if s["cat_upper"]:
        codes = [c.upper() for c in codes]
    shown = list(codes)
    if s["cat_extra"]:
        shown.append(r.choice(["student", "zaverecne-prace", "teaching"]))
    tags = []
    kw_pool = []
    for w in st.works:
        if w.domain:
            kw_pool += [k for k in D.DOMAINS[w.domain]["keywords"] if k not in kw_pool]
    if s["tag_style"] and kw_pool:
        rr = random.Random(f"{ctx.seed}:tags:{st.login}")
        tags = rr.sample(kw_pool, min(len(kw_pool), rr.randint(2, 5)))
        if rr.random() < 0.3:
            tags = [t.lower() for t in tags]
    tax = []
    if shown:
        cs = s["cat_style"]
        if s["fm"] == "broken" and s["broken_kind"] == "bracket":
            tax.append(f"{ind}category: [{', '.join(shown)}")
        elif cs == "inline" or (cs == "single" and len(shown) > 1):
            tax.append(f"{ind}category: [{', '.join(shown)}]")
        elif cs == "block":
            tax.append(f"{ind}category:")
            tax += [f"{ind}{ind}- {c}" for c in shown]
        elif cs == "comma":
            tax.append(f"{ind}category: {', '.join(shown)}")
        else:
            tax.append(f"{ind}category: {shown[0]}")
    if tags:
        ts = s["tag_style"]
        if ts == "inline":
            tax.append(f"{ind}tag: [{', '.join(tags)}]")
        elif ts == "block":
            tax.append(f"{ind}tag:")
            tax += [f"{ind}{ind}- {t}" for t in tags]
        else:
            tax.append(f"{ind}tag: {yq(', '.join(tags))}")
    # author
    author_line = None
    sup = main.supervisor if main else None
    a = s["author"]
    if a == "supervisor" and sup is None:
        a = "student"
    author_written = None
    if a == "supervisor":
        author_written = rpick_author(sup, main.year, r)
        author_line = f"{K('author')}: {yq(author_written)}"
    elif a == "student":
        author_written = st.full if r.random() < 0.8 else st.login
        author_line = f"{K('author')}: {yq(author_written)}"
    elif a == "dict":
        who = sup.canonical if sup else st.full
        author_written = who
        author_line = f"{K('author')}:\n{ind}name: {who}"
    elif a == "list" and sup:
        author_written = [st.full, sup.canonical]
        author_line = f"{K('author')}: [{st.full}, {sup.canonical}]"
    elif a == "tax_author":
        author_written = sup.canonical if sup else st.full
        tax.append(f"{ind}author: {author_written}")
    if tax:
        if s["fm"] == "broken" and s["broken_kind"] == "tab":
            tax[0] = "\t" + tax[0].lstrip()
        if s["fm"] == "broken" and s["broken_kind"] == "indent" and len(tax) >= 1:
            tax.append(f"{ind[:-1]}year: {main.year if main else 2020}")
        lines.append(f"{K('taxonomy')}:")
        lines += tax
    elif s["fm"] == "broken" and s["broken_kind"] in ("tab", "indent", "bracket"):
        lines.append(f"{K('taxonomy')}:")
        lines.append(f"\tcategory: [student")
    if author_line:
        lines.append(author_line)
    if s["fm"] != "unclosed":
        lines.append("---")
    text = "\n".join(lines) + "\n"
    info["categories"] = codes
    info["tags"] = tags
    info["author"] = author_written
    if s["fm"] in ("broken", "unclosed"):
        info.update(title=None, published=True, categories=[], tags=[], author=None,
                    raw_categories=codes, raw_tags=tags)
    return text, info


def rpick_author(p: Person, year: int, r: random.Random) -> str:
    return written_form(p, year, r) if r.random() < 0.35 else p.canonical


def _main_work(st: Student) -> Work | None:
    ws = [w for w in st.works if w.kind in ("dissertation", "master", "bachelor")]
    if not ws:
        ws = st.works
    return max(ws, key=lambda w: (w.year, w.kind != "bachelor")) if ws else None


# ---------------------------------------------------------------- meetings

def academic_window(w: Work) -> tuple[dt.date, dt.date]:
    y = w.year
    if w.kind == "diploma_project":
        return (dt.date(y, 2, 15), dt.date(y, 5, 20)) if w.dp_number == 1 else (dt.date(y, 9, 20), dt.date(y, 12, 15))
    if w.kind == "dissertation":
        a, b = dt.date(y - 2, 9, 15), dt.date(y, 5, 31)
    else:
        a, b = dt.date(y - 1, 9, 20), dt.date(y, 5, 25)
    return a, min(b, NOW)


def make_meetings(ctx: Ctx, w: Work, r: random.Random, n: int) -> list:
    """n meetings spread over the work's academic window.  Notes are drawn
    without repetition, numbers improve over time, end-of-work tasks come last."""
    a, b = academic_window(w)
    span = max((b - a).days, n)
    dates: list[dt.date] = []
    for i in range(n):
        lo, hi = span * i // n, max(span * (i + 1) // n - 1, span * i // n)
        x = a + dt.timedelta(days=r.randint(lo, hi))
        while x.weekday() >= 5:
            x -= dt.timedelta(days=1)
        if x not in dates and x <= NOW:
            dates.append(x)
    dd = D.DOMAINS[w.domain] if w.domain else None
    bags: dict[str, list] = {}

    def draw(name, pool):
        if not bags.get(name):
            bags[name] = list(pool)
            r.shuffle(bags[name])
        return bags[name].pop()

    out = []
    nd = len(dates)
    for i, d in enumerate(dates):
        phase = i / max(nd - 1, 1)
        slots = dict(w.slots)
        if "_v" in slots:
            v1, v2, lo_, hi_, dec = slots["_v"]
            step = (v2 - v1) * phase
            slots["v1"] = num(min(max(v1 + step, lo_), hi_), dec)
            slots["v2"] = num(min(max(v2 + step * 0.6, lo_), hi_), dec)
        slots["pages"] = 4 + int(phase * r.randint(30, 60))
        notes, todo = [], []
        for _ in range(r.randint(1, 3)):
            if dd and r.random() < 0.55:
                note = draw("dn", dd["notes"])
                if phase < 0.3 and "{v" in note:        # no results yet at the start
                    note = draw("gn", D.GENERIC_NOTES)
                notes.append(fill(note, slots))
            else:
                notes.append(fill(draw("gn", D.GENERIC_NOTES), slots))
        for _ in range(r.randint(1, 2)):
            if dd and r.random() < 0.5:
                todo.append(fill(draw("dt", dd["todo"]), slots))
            elif phase >= 0.65:
                todo.append(draw("tl", D.GENERIC_TODO_LATE))
            else:
                todo.append(draw("te", D.GENERIC_TODO_EARLY))
        notes = list(dict.fromkeys(notes))
        todo = list(dict.fromkeys(todo))
        if i == 0 and w.kind != "dissertation":
            notes = [r.choice(["Prvé stretnutie, prešli sme zadanie a harmonogram.",
                               "Úvodné stretnutie – dohodli sme sa na rozsahu práce a termínoch.",
                               "Prvá konzultácia, prebrali sme zadanie."])] + notes[:1]
        out.append((d, notes, todo))
    return out


def render_meetings(st: Student, meetings: list, level: int, r: random.Random) -> list[str]:
    s = st.style
    ds = s["date_style"]
    mode = s["meet_mode"]
    L = []
    if mode in ("h3", "h4"):
        hashes = "#" * (level + 1 if mode == "h3" else level + 2)
        label = r.choice(["Stretnutie ", "Stretnutie ", "Konzultácia ", ""])
        for d, notes, todo in meetings:
            L += [f"{hashes} {label}{fmt_date(d, ds)}", ""]
            inner = s["meet_inner"]
            if inner == 0:
                L += ["Stav:", ""] + [f"- {x}" for x in notes] + ["", "Úlohy:", ""] + [f"- [ ] {x}" for x in todo] + [""]
            elif inner == 1:
                L += [f"- {x}" for x in notes] + ["", "Úlohy na ďalšie stretnutie:", ""] + [f"- {x}" for x in todo] + [""]
            else:
                L += [" ".join(notes), "", "Do budúceho stretnutia: " + " ".join(todo), ""]
    elif mode == "log":
        for d, notes, todo in meetings:
            L += [f"**{fmt_date(d, ds)}**: " + " ".join(notes) + " Úlohy: " + " ".join(todo), ""]
    elif mode == "table":
        L += ["| Dátum | Stav | Úlohy |", "|---|---|---|"]
        for d, notes, todo in meetings:
            L.append(f"| {fmt_date(d, ds)} | {' '.join(notes)} | {' '.join(todo)} |")
        L.append("")
    return L


# ---------------------------------------------------------------- student page

def clean_label(s: str) -> str:
    return re.sub(r"[*_]", "", s).strip(" :„-")


def title_line(w: Work, r: random.Random) -> tuple[list[str], dict]:
    """Returns the lines stating the title and the truth about them."""
    t, en = w.title, w.title_en
    adj = KIND_ADJ.get(w.kind, "")
    if w.title_style == "en":
        lab = r.choice(["Title: {t}", "**Title:** {t}", "*Thesis title*: {t}", "Názov práce: {t}"])
        return [lab.format(t=en)], dict(title=en, title_en=en, title_language="en", title_label=clean_label(lab.split("{")[0]))
    forms = ["Názov práce: {t}", "**Názov**: {t}", "**Názov:** {t}", "Téma: {t}", "Názov: {t}",
             "Téma práce: „{t}“", "Názov práce: **{t}**", "NEXTLINE"]
    if adj:
        forms += [f"*Názov {adj} práce*: {{t}}"] * 2
    lab = r.choice(forms)
    if lab == "NEXTLINE":
        first = r.choice(["**Názov práce:**", "Názov:", "*Téma práce*:"])
        lines = [first, "", t] if r.random() < 0.6 else [first, t]
        info = dict(title=t, title_language="sk", title_label=clean_label(first) + " (next line)")
    else:
        lines = [lab.format(t=t)]
        info = dict(title=t, title_language="sk", title_label=clean_label(lab.split("{")[0]))
    if w.title_style == "sk_en" and en:
        lines += ["", r.choice(["Názov v angličtine: ", "Anglický názov: ", "English title: "]) + en]
        info["title_en"] = en
    return lines, info


def sup_line(ctx: Ctx, w: Work, r: random.Random) -> tuple[str, str]:
    p = w.supervisor
    written = ctx.sup_written(p, w.year, r)
    f = p.gender == "f"
    if w.kind == "dissertation":
        lab = "Školiteľka" if f and r.random() < 0.7 else "Školiteľ"
        forms = [f"{lab}: {{s}}", f"**{lab}:** {{s}}", "Supervisor: {s}"]
    elif f:
        forms = ["Vedúca: {s}", "Vedúca práce: {s}", "**Vedúca práce:** {s}", "Vedúci práce: {s}",
                 "Školiteľka: {s}", "Supervisor: {s}", "*Vedúca*: {s}"]
    else:
        forms = ["Vedúci: {s}", "Vedúci práce: {s}", "**Vedúci práce:** {s}", "*Vedúci*: {s}",
                 "Školiteľ: {s}", "Supervisor: {s}", "Vedúci práce: {s}"]
    return r.choice(forms).format(s=written), written


def cons_lines(ctx: Ctx, w: Work, r: random.Random) -> tuple[list[str], list[str]]:
    if not w.consultants:
        return [], []
    written = [ctx.sup_written(c, w.year, r, role="consultant") for c in w.consultants]
    if len(written) > 1:
        return [r.choice(["Konzultanti: ", "**Konzultanti:** "]) + ", ".join(written)], written
    c = w.consultants[0]
    if w.kind == "dissertation":
        lab = "Školiteľka špecialistka" if c.gender == "f" else "Školiteľ špecialista"
        return [f"{lab}: {written[0]}"], written
    if c.gender == "f":
        form = r.choice(["Konzultantka: {c}", "Konzultantka: {c}", "Konzultant: {c}", "Consultant: {c}"])
    else:
        form = r.choice(["Konzultant: {c}", "**Konzultant:** {c}", "Consultant: {c}"])
    return [form.format(c=written[0])], written


def heading_text(w: Work, r: random.Random) -> tuple[str, int | None]:
    with_y, without = HEADINGS[w.kind]
    if w.show_heading_year:
        h = r.choice(with_y).format(y=w.year, n=w.dp_number)
        return h, w.year
    return r.choice(without).format(n=w.dp_number), None


def render_work(ctx: Ctx, st: Student, w: Work, r: random.Random, level: int, page: str,
                with_meetings: bool) -> list[str]:
    s = st.style
    T: dict = dict(kind=w.kind, year=None, heading_year=None, category_year=None, body_year=None,
                   year_conflict=False, title=None, title_en=None, supervisor=None, supervisor_as_written=None,
                   consultants=[], consultants_as_written=[], keywords=[], heading=None)
    if w.kind == "diploma_project":
        T["number"] = w.dp_number
    L = []
    h, hy = heading_text(w, r)
    T["heading_year"] = hy
    if w.heading_title and w.title:
        h = f"{h}: {w.title}"
    L += ["#" * level + " " + h, ""]
    T["heading"] = h
    meta: list[str] = []
    if w.kind == "team_project":
        return render_team_section(ctx, st, w, r, level, page, T, L)
    # ---- title
    if w.title and w.title_style != "none":
        if w.heading_title:
            T.update(title=w.title, title_language="sk", title_label="heading")
        elif getattr(w, "meta_table", False):
            T.update(title=w.title, title_language="sk", title_label="table")
        else:
            tl, info = title_line(w, r)
            T.update(info)
            meta.append(tl)
    if w.former_title:
        T["former_title"] = w.former_title
    # ---- supervisor / consultants / keywords / year line
    sup_written = None
    if w.supervisor and (w.kind != "diploma_project" or w.show_supervisor):
        line, sup_written = sup_line(ctx, w, r)
        T.update(supervisor=w.supervisor.canonical, supervisor_as_written=sup_written)
        if not getattr(w, "meta_table", False):
            meta.append([line])
    cl, cw = cons_lines(ctx, w, r)
    if cw:
        T["consultants"] = [c.canonical for c in w.consultants]
        T["consultants_as_written"] = cw
        if not getattr(w, "meta_table", False):
            meta.append(cl)
    if w.keywords_body:
        lab = r.choice(["Kľúčové slová: ", "*Kľúčové slová*: ", "**Kľúčové slová:** ", "Keywords: "])
        sep = "; " if r.random() < 0.2 else ", "
        meta.append([lab + sep.join(w.keywords_body)])
        T["keywords"] = list(w.keywords_body)
    if w.body_year_line:
        form = r.choice(["Rok obhajoby: {y}", "Obhajoba: jún {y}", "Akademický rok: {y0}/{y}"])
        meta.append([form.format(y=w.year, y0=w.year - 1)])
        T["body_year"] = w.year
        T["body_year_as_written"] = form.format(y=w.year, y0=w.year - 1)
    # ---- layout
    if getattr(w, "meta_table", False):
        rows = ["| | |", "|---|---|", f"| Názov | {w.title} |"]
        if sup_written:
            rows.append(f"| {'Vedúca' if w.supervisor.gender == 'f' else 'Vedúci'} | {sup_written} |")
        if cw:
            rows.append(f"| Konzultant | {', '.join(cw)} |")
        rows.append(f"| Rok | {w.year} |")
        T["body_year"] = w.year
        T["body_year_as_written"] = f"| Rok | {w.year} |"
        L += rows + [""]
        for m in meta:
            L += m + [""]
    elif s["list_meta"] and all(len(m) == 1 for m in meta):
        L += ["- " + m[0] for m in meta] + [""]
    else:
        for m in meta:
            L += m + [""]
    if w.former_title:
        L += [r.choice([f"Pôvodný názov práce bol „{w.former_title}“, po dohode s vedúcim sa zmenil.",
                        f"(Pôvodný názov: {w.former_title})"]), ""]
    # ---- assignment
    if w.kind == "diploma_project":
        goal = ("Cieľ: analýza problematiky, prehľad literatúry a návrh riešenia." if w.dp_number == 1
                else "Cieľ: implementácia prototypu a prvé experimenty.")
        L += [goal, ""]
        if r.random() < 0.5:
            L += [r.choice(["Výstup: kapitola Analýza (asi 20 strán).", "Výstup: funkčný prototyp a krátka správa.",
                            "Hodnotenie: A"]), ""]
        T["assignment"] = goal
    elif w.assignment:
        style = r.randint(0, 4)
        if w.kind == "dissertation":
            lab = r.choice(["Anotácia:", "**Anotácia**", "### Anotácia"])
        else:
            lab = ["Zadanie:", "**Zadanie práce:**", "### Zadanie", "Cieľ práce:", "Abstrakt:"][style]
        L += [lab, ""]
        if style in (0, 1) and len(w.assignment) >= 3 and r.random() < 0.6:
            L += [w.assignment[0], ""] + [f"{i + 1}. {x}" for i, x in enumerate(w.assignment[1:])] + [""]
        else:
            L += [" ".join(w.assignment), ""]
        T["assignment"] = " ".join(w.assignment)
    if w.kind in ("bachelor", "master") and w.year < MAX_YEAR and r.random() < 0.25:
        L += [r.choice([f"[Text práce (PDF)](https://opac.example.edu/zp/{fold(st.login)}-{w.year}.pdf)",
                        "Práca je uložená v Centrálnom registri záverečných prác."]), ""]
    if w.kind == "dissertation" and r.random() < 0.7:
        L += render_publications(st, w, r, level + 1)
    # ---- meetings
    if with_meetings and w.domain:
        n = r.randint(2, 6) if w.kind != "dissertation" else r.randint(4, 10)
        if w.kind == "diploma_project":
            n = r.randint(1, 3)
        w.meetings = make_meetings(ctx, w, r, n)
        if s["meet_mode"] in ("h3", "h4"):
            L += render_meetings(st, w.meetings, level, r)
            T["meetings"] = len(w.meetings)
    w.truth = T
    return L


def render_publications(st: Student, w: Work, r: random.Random, level: int) -> list[str]:
    topic = DOMAIN_EN[w.domain]
    forms = ["Towards {t} for Slovak", "An evaluation of {t} methods on Slovak data",
             "{T}: lessons learned from a low-resource setting", "Data augmentation for {t} in Slovak"]
    L = ["#" * level + " Publikácie", ""]
    sup = w.supervisor
    for i in range(r.randint(1, 3)):
        y = w.year - 2 + i
        f = r.choice(forms).format(t=topic, T=topic[0].upper() + topic[1:])
        auth = f"{st.surname.upper()}, {st.given[0]}."
        if sup:
            auth += f", {sup.surname.upper()}, {sup.given[0]}."
        L.append(f"- {auth}: {f}. In: {r.choice(D.VENUES)}, {min(y, MAX_YEAR)}.")
    return L + [""]


def render_team_section(ctx, st, w, r, level, page, T, L):
    tp = w.project
    T["title"] = tp["title"]
    T["project_slug"] = tp["slug"] if tp["where"] != "member_page" else None
    if tp["where"] != "member_page" and r.random() < 0.6:
        line = f"Projekt: [{tp['title']}](../../../projects/{tp['slug']})"
    else:
        line = r.choice(["Projekt: {t}", "**Projekt:** {t}", "Názov projektu: {t}", "Projekt: {t}"]).format(t=tp["title"])
    L += [line, ""]
    T["title_label"] = clean_label(line.split(":")[0])
    ctx.rel("member_of_team_project", st.login, tp["title"], page, subject_name=st.full, year=T["heading_year"])
    mates = [m for m in tp["members"] if m["student"] is not st]
    if mates and r.random() < 0.45:
        names = [m["student"].full for m in mates]
        L += ["Tím: " + ", ".join(names), ""]
        T["teammates"] = [m["student"].login for m in mates]
        for m in mates:
            ctx.rel("member_of_team_project", m["student"].login, tp["title"], page,
                    subject_name=m["student"].full, stated_as="teammate")
    if w.show_supervisor:
        line, written = sup_line(ctx, w, r)
        L += [line, ""]
        T.update(supervisor=w.supervisor.canonical, supervisor_as_written=written)
        ctx.rel("supervised", w.supervisor.canonical, st.login, page, as_written=written,
                kind="team_project", year=T["heading_year"], object_name=st.full)
    if r.random() < 0.6:
        L += [f"Moja úloha: {w.role}", ""]
        T["role"] = w.role
    if r.random() < 0.4:
        d = dt.date(w.year, r.randint(3, 5), r.randint(1, 28))
        L += [f"Šprint {r.randint(2, 6)} ({fmt_date(d, st.style['date_style'])}): "
              + r.choice(["hotové prihlasovanie a prvá verzia API.", "nasadené na testovací server.",
                          "prezentácia pre vedúceho, treba doplniť dokumentáciu."]), ""]
    T["year"] = T["heading_year"]
    w.truth = T
    return L


def render_student(ctx: Ctx, st: Student):
    r = ctx.rng.get(f"page:{st.login}")
    s = st.style
    page = st.path
    fm_text, fm = render_front_matter(ctx, st, r)
    L: list[str] = []
    # ---- H1
    h1 = s["h1"]
    main = _main_work(st)
    h1_text = None
    if h1 == "name":
        h1_text = st.full
    elif h1 == "titled_name":
        h1_text = f"{_academic_title(st)} {st.full}"
    elif h1 == "name_login":
        h1_text = f"{st.full} ({st.login})"
    elif h1 == "login_name":
        h1_text = f"{st.login} – {st.full}"
    elif h1 == "name_kind":
        h1_text = f"{st.full} – {KIND_WORD.get(main.kind, 'záverečná práca') if main else 'záverečná práca'}"
    elif h1 == "login":
        h1_text = st.login
    if h1_text:
        L += [f"# {h1_text}", ""]
    # ---- metadata block
    items = []          # (table label, table value, free-form line)
    repo = None
    if s["repo"]:
        code = (f"{CAT_PREFIX.get(main.kind, 'zp')}{main.year}" if main else "zp")
        if r.random() < 0.8:
            repo = f"https://{ctx.params['githost']}/{st.login}/{code}"
        else:
            repo = f"https://github.com/{fold(st.given)}{fold(st.surname)}/{code}"
        items.append(("Repozitár", repo, r.choice([f"[Git repozitár]({repo})", f"Repozitár: {repo}", f"Git: <{repo}>",
                                                   f"[Zdrojové kódy]({repo})", f"GitHub: {repo}"])))
    start_written = None
    start_idx = None
    if s["start_stated"] and st.start_year:
        line = START_FORMS[s["start_form"]].format(y=st.start_year, y1=st.start_year + 1)
        value = line.split(" ")[-1].rstrip(".") if line.startswith(("**", "Štud")) else line.split(": ")[-1].split(" - ")[-1]
        start_idx = len(items)
        items.append(("Začiatok štúdia", value, line))
    if s["email"]:
        items.append(("E-mail", f"{st.login}@student.example.edu", f"E-mail: {st.login}@student.example.edu"))
    if s["program"]:
        prog = r.choice(["Informatika", "Inteligentné systémy", "Počítačové siete", "Elektroenergetika",
                         "Aplikovaná informatika"])
        items.append(("Študijný program", prog, f"Študijný program: {prog}"))
    for t in st.topic_links:
        link = f"[{t['title']}](../../../topics/{t['slug']})"
        items.append(("Oblasť", link, f"Oblasť: {link}"))
        ctx.rel("on_topic", st.login, t["slug"], page, subject_name=st.full, style="student_page_link")
    if items:
        if s["meta_style"] == "list":
            L += [f"- {x[2]}" for x in items] + [""]
        elif s["meta_style"] == "table":
            L += ["| | |", "|---|---|"] + [f"| {a} | {b} |" for a, b, _ in items] + [""]
        else:
            for x in items:
                L += [x[2], ""]
        if start_idx is not None:
            a, b, line = items[start_idx]
            start_written = f"| {a} | {b} |" if s["meta_style"] == "table" else line
            ctx.rel("started_in", st.login, st.start_year, page, subject_name=st.full, as_written=start_written)
    if "image" in st.quirks:
        L += ["![Architektúra systému](obrazky/schema.png)", ""]
        ctx.binary[f"{st.folder}/obrazky/schema.png"] = fake_png(ctx.seed, st.login)
    if s["hr"]:
        L += ["---", ""]
    # ---- works
    works = [w for w in st.works if not w.stub]
    if s["order"] == "newest":
        works.sort(key=lambda w: (-w.year, WORK_ORDER[w.kind], -(w.dp_number or 0)))
    else:
        works.sort(key=lambda w: (w.year, -WORK_ORDER[w.kind], w.dp_number or 0))
    meet_target = None
    thesis_like = [w for w in works if w.kind in ("bachelor", "master", "dissertation", "research_task")]
    if thesis_like and s["meet_mode"] != "none":
        meet_target = max(thesis_like, key=lambda w: w.year)
    for i, w in enumerate(works):
        level = 1 if ("work_heading_h1" in st.quirks and i == 0) else 2
        with_meet = (w is meet_target) or (w.kind in ("bachelor", "master", "research_task", "diploma_project")
                                           and s["meet_mode"] in ("h3", "h4") and r.random() < 0.2)
        L += render_work(ctx, st, w, r, level, page, with_meet)
    if st.career == "stub":
        L += [r.choice(["Stránka sa pripravuje.", "TODO: doplniť tému a zadanie.", "Téma bude upresnená."]), ""]
    # separate meeting log section
    if meet_target is not None and s["meet_mode"] in ("log", "table") and meet_target.meetings:
        L += [r.choice(["## Záznamy zo stretnutí", "## Stretnutia", "## Konzultácie"]), ""]
        L += render_meetings(st, meet_target.meetings, 2, r)
        meet_target.truth["meetings"] = len(meet_target.meetings)
        meet_target.truth["meetings_section"] = "separate"
    # PhD student: consulted theses
    if st.consults and r.random() < 0.7:
        L += [r.choice(["## Vedenie prác", "## Konzultované práce"]), ""]
        for other, w in st.consults:
            href = f"../../{other.folder_year}/{other.login}"
            L.append(f"- [{other.full}]({href}) – {KIND_ABBR[w.kind]} {w.year}")
            ctx.rel("consulted", st.full, other.login, page, object_name=other.full,
                    as_written=st.full, kind=w.kind, year=w.year, stated_as="consultant_page")
        L.append("")
    if r.random() < 0.2:
        L += ["## Odkazy", "", "- [Návod na git](../../../navody/git)",
              "- [Citovanie ISO 690](../../../navody/citovanie)", ""]

    text = fm_text + ("\n" if fm_text and r.random() < 0.7 else "") + "\n".join(L).rstrip("\n") + "\n"
    if "crlf" in st.quirks:
        text = text.replace("\n", "\r\n")
    ctx.docs[page] = text

    # ---- stub works come from the category code only
    stub_truth = []
    for w in st.works:
        if w.stub:
            cy = w.category_year if fm["status"] == "ok" else None
            w.truth = dict(kind=w.kind, year=cy, heading_year=None, category_year=cy, body_year=None,
                           year_conflict=False, title=None, title_en=None, supervisor=None,
                           supervisor_as_written=None, consultants=[], consultants_as_written=[], keywords=[],
                           heading=None, source="category_only")
            stub_truth.append(w)

    # ---- finish truth of works + relations
    readable_codes = fm["categories"] if fm["status"] == "ok" else []
    for w in works + stub_truth:
        T = w.truth
        if w.kind in CAT_PREFIX and not w.stub:
            cy = w.category_year if (w.category_code and fm["status"] == "ok") else None
            T["category_year"] = cy
        T["year"] = T.get("heading_year") or T.get("body_year") or T.get("category_year")
        T["year_conflict"] = bool(T.get("heading_year") and T.get("category_year")
                                  and T["heading_year"] != T["category_year"])
        if w.kind != "team_project":
            if T.get("title"):
                ctx.rel("wrote", st.login, T["title"], page, subject_name=st.full, kind=w.kind, year=T["year"])
            if T.get("supervisor"):
                ctx.rel("supervised", T["supervisor"], st.login, page, as_written=T["supervisor_as_written"],
                        kind=w.kind, year=T["year"], object_name=st.full)
            for c, cwr in zip(T.get("consultants", []), T.get("consultants_as_written", [])):
                ctx.rel("consulted", c, st.login, page, as_written=cwr, kind=w.kind, year=T["year"],
                        object_name=st.full)
            for k in T.get("keywords", []):
                ctx.rel("has_keyword", st.login, k, page, source="body", kind=w.kind, subject_name=st.full)
    for k in (fm["tags"] if fm["status"] == "ok" else []):
        ctx.rel("has_keyword", st.login, k, page, source="tag", subject_name=st.full)
    st.page_truth = dict(fm=fm, h1=h1_text, repo=repo, start_written=start_written,  # type: ignore[attr-defined]
                         readable_codes=readable_codes)


WORK_ORDER = {"dissertation": 0, "research_task": 1, "master": 2, "team_project": 3, "diploma_project": 4, "bachelor": 5}


def fake_png(seed: int, login: str) -> bytes:
    # a tiny but valid-looking PNG header followed by deterministic bytes
    body = bytes((ord(c) * 7 + seed) % 256 for c in (login * 8))
    return b"\x89PNG\r\n\x1a\n" + body


def render_extra_md(ctx: Ctx, st: Student) -> str:
    path = f"{st.folder}/poznamky.md"
    w = _main_work(st)
    dd = D.DOMAINS[w.domain] if w and w.domain else D.DOMAINS["mt"]
    lines = ["# Poznámky k literatúre", "",
             "Súkromné poznámky k článkom, ktoré som čítal(a) pri písaní analýzy.", ""]
    for t in dd["tasks"][:3]:
        lines.append(f"- {fill(t, w.slots if w and w.slots else {k: (v[0] if isinstance(v, list) else v) for k, v in dd.items() if isinstance(v, list)})}")
    lines += ["", "TODO: doplniť citácie podľa ISO 690.", ""]
    ctx.docs[path] = "\n".join(lines)
    return path


# ---------------------------------------------------------------- topic pages

def student_href(st: Student, r: random.Random) -> str:
    return r.choice([f"../../students/{st.folder_year}/{st.login}",
                     f"../../students/{st.folder_year}/{st.login}/README.md",
                     f"/students/{st.folder_year}/{st.login}"])


def render_topic(ctx: Ctx, t: dict) -> dict:
    r = ctx.rng.get(f"topic:{t['slug']}")
    page = f"pages/topics/{t['slug']}/README.md"
    L = []
    has_fm = r.random() < 0.85
    if has_fm:
        L += ["---", f"title: {yq(t['title'])}", "taxonomy:", "    category: [temy]",
              f"    tag: [{', '.join(D.DOMAINS[t['domains'][0]]['keywords'][:3])}]", "---", ""]
    L += [f"# {t['title']}", "", t["desc"], ""]
    lead_written = None
    if t["lead"]:
        lead_written = ctx.sup_written(t["lead"], MAX_YEAR, r)
        L += [r.choice([f"Garant témy: {lead_written}", f"Tému vedie {lead_written}.",
                        f"Kontakt: {lead_written}"]), ""]
    styles = t["style"].split("+")
    members = t["members"]
    # namesakes and page-less people must be placeable unambiguously
    groups: dict[str, list] = {s: [] for s in styles}
    for i, m in enumerate(members):
        stl = styles[0] if (len(styles) == 1 or i < (len(members) + 1) // 2) else styles[1]
        st = m["student"]
        if st is not None and "namesake" in st.marks and stl in ("plain", "sentence", "table"):
            stl = "link" if "link" in styles else "name_login"   # namesakes only with a login or a link
        if st is None and stl in ("link", "name_login"):
            stl = "plain"
        groups.setdefault(stl, []).append(m)
    truth_members = []
    mismatch_pending = t["mismatch"]

    def rec(m, name_written, style, shown_works, has_link=False):
        st = m["student"]
        login = st.login if st else None
        ws = []
        for w, show_kind, show_year, show_title, year_val in shown_works:
            ws.append(dict(kind=w["kind"] if isinstance(w, dict) else w.kind if show_kind else None,
                           year=year_val if show_year else None,
                           title=(w.title if show_title and not isinstance(w, dict) else None)))
        entry = dict(login=login, name=st.full if st else m["name"], name_as_written=name_written,
                     style=style, has_page=st is not None, linked=has_link, works=ws)
        truth_members.append(entry)
        ctx.rel("on_topic", login, t["slug"], page, subject_name=entry["name"], style=style)
        for wd in ws:
            if wd["title"]:
                ctx.rel("wrote", login, wd["title"], page, subject_name=entry["name"], kind=wd["kind"], year=wd["year"])
        return entry

    def yv(m, w):
        nonlocal mismatch_pending
        if mismatch_pending and m["student"] is not None and w.truth.get("year") == w.year:
            mismatch_pending = False
            truth_members_mismatch.append((m["student"].login, w.kind))
            return w.year - 1
        return w.year

    truth_members_mismatch: list = []
    head = r.choice(["## Študenti", "## Riešitelia", "## Kto na téme pracuje", "## Záverečné práce",
                     "## Riešené práce", "## Students"])
    L += [head, ""]
    for stl, ms in groups.items():
        if not ms:
            continue
        if stl == "sentence" and styles[0] != "sentence":
            L += [r.choice(["V minulosti na téme pracovali aj ďalší študenti.", "Staršie práce:"]), ""]
        L += render_topic_group(ctx, t, stl, ms, r, rec, yv)
    if r.random() < 0.5:
        L += ["## Literatúra a zdroje", "",
              f"- pozri aj [návod na výpočtový server](../../navody/server)",
              f"- dátové sady: {', '.join(D.DOMAINS[t['domains'][0]]['dataset'][:3])}", ""]
    text = "\n".join(L).rstrip("\n") + "\n"
    ctx.docs[page] = text
    for e in truth_members:
        e["disagrees_with_student_page"] = any(e["login"] == lg for lg, _ in truth_members_mismatch) and e["login"] is not None
    return dict(path=page, slug=t["slug"], title=t["title"], domains=t["domains"], styles=styles,
                lead=(t["lead"].canonical if t["lead"] else None), lead_as_written=lead_written,
                members=truth_members, front_matter=has_fm)


def render_topic_group(ctx, t, stl, ms, r, rec, yv) -> list[str]:
    L = []
    if stl in ("link", "plain", "name_login"):
        for m in ms:
            st = m["student"]
            if st is None:
                o = m["old"]
                line = f"- {m['name']} ({KIND_ABBR[o['kind']]} {o['year']})"
                L.append(line)
                e = rec(m, m["name"], "plain", [])
                e["works"] = [dict(kind=o["kind"], year=o["year"], title=None)]
                continue
            w = m["works"][0]
            show_kind = r.random() < 0.7
            show_title = r.random() < 0.5
            show_year = show_kind and r.random() < 0.9
            yr = yv(m, w)
            tail = ""
            if show_title:
                tail += f" – {w.title}"
            if show_kind:
                tail += f" ({KIND_ABBR[w.kind]} {yr})" if show_year else f" ({KIND_WORD[w.kind]})"
            if stl == "link":
                line = f"- [{st.full}]({student_href(st, r)}){tail}"
            elif stl == "name_login":
                if show_kind and not show_title and r.random() < 0.6:
                    tail = (f", {KIND_ABBR[w.kind]} {yr}" if show_year else f", {KIND_WORD[w.kind]}")
                line = f"- {st.full} ({st.login}){tail}"
            else:
                line = f"- {st.full}{tail}"
            L.append(line)
            rec(m, st.full, stl, [(w, show_kind, show_year, show_title, yr)], has_link=stl == "link")
        L.append("")
    elif stl == "table":
        hdr = r.choice([("| Meno | Práca | Rok |", 3), ("| Študent | Názov práce | Typ | Rok |", 4),
                        ("| Riešiteľ | Téma | Obhajoba |", 3)])
        L += [hdr[0], "|" + "---|" * hdr[1]]
        for m in ms:
            st = m["student"]
            if st is None:
                o = m["old"]
                if hdr[1] == 4:
                    L.append(f"| {m['name']} | – | {KIND_ABBR[o['kind']]} | {o['year']} |")
                    e = rec(m, m["name"], "table", [])
                    e["works"] = [dict(kind=o["kind"], year=o["year"], title=None)]
                else:
                    L.append(f"| {m['name']} | – | {o['year']} |")
                    e = rec(m, m["name"], "table", [])
                    e["works"] = [dict(kind=None, year=o["year"], title=None)]
                continue
            shown = []
            for w in m["works"]:
                yr = yv(m, w)
                if hdr[1] == 4:
                    L.append(f"| {st.full} | {w.title} | {KIND_ABBR[w.kind]} | {yr} |")
                    shown.append((w, True, True, True, yr))
                else:
                    L.append(f"| {st.full} | {w.title} | {yr} |")
                    shown.append((w, False, True, True, yr))
            rec(m, st.full, "table", shown)
        L.append("")
    elif stl == "sentence":
        plain = []
        for m in ms:
            st = m["student"]
            if st is None:
                plain.append((m, m["name"], None))
                continue
            if r.random() < 0.4:
                w = m["works"][0]
                yr = yv(m, w)
                verb = "sa téme venovala" if st.gender == "f" else "sa téme venoval"
                L += [f"{st.full} {verb} {KIND_LOC[w.kind]} ({yr}).", ""]
                rec(m, st.full, "sentence", [(w, True, True, False, yr)])
            else:
                plain.append((m, st.full, None))
        if plain:
            names = [p[1] for p in plain]
            tmpl = r.choice(["Na téme pracovali {n}.", "Tému riešili {n}.", "Na téme ďalej pracujú {n}."])
            if len(names) == 1:
                tmpl = "Na téme pracoval(a) {n}."
            L += [tmpl.format(n=join_and(names)), ""]
            for m, nm, _ in plain:
                rec(m, nm, "sentence", [])
    return L


# ---------------------------------------------------------------- team project pages

def render_project(ctx: Ctx, tp: dict) -> dict:
    r = ctx.rng.get(f"project:{tp['slug']}")
    y = tp["year"]
    members_truth = []
    for m in tp["members"]:
        st = m["student"]
        lo = []
        if m["on_project_page"]:
            lo.append("project_page")
        if m["on_member_page"]:
            lo.append("member_page")
        members_truth.append(dict(login=st.login, name=st.full, listed_on=lo, role=m["role"]))
    if tp.get("guest"):
        members_truth.append(dict(login=None, name=tp["guest"]["name"], listed_on=["project_page"],
                                  role=tp["guest"]["role"], has_page=False))
    truth = dict(slug=tp["slug"] if tp["where"] != "member_page" else None, path=None, title=tp["title"],
                 year=y, year_as_written=None, supervisor=tp["supervisor"].canonical,
                 supervisor_as_written=None, members=members_truth, where_listed=tp["where"])
    if tp["where"] == "member_page":
        return truth
    page = f"pages/projects/{tp['slug']}/README.md"
    truth["path"] = page
    L = ["---", f"title: {yq(r.choice([tp['title'], 'Tímový projekt: ' + tp['title']]))}", "taxonomy:",
         f"    category: [{r.choice(['projects', 'timove-projekty'])}, tp{y}]", "---", "",
         f"# {r.choice(['Tímový projekt – ', ''])}{tp['title']}", ""]
    ya = r.choice([f"Akademický rok: {y - 1}/{y}", f"Rok: {y}", f"Školský rok {y - 1}/{y}"])
    truth["year_as_written"] = ya.split(": ")[-1].replace("Školský rok ", "")
    sw = ctx.sup_written(tp["supervisor"], y, r)
    truth["supervisor_as_written"] = sw
    L += [f"- {ya}", f"- {r.choice(['Vedúci projektu', 'Vedúci tímu', 'Vedúci'])}: {sw}", "",
          "## Cieľ projektu", "", tp["desc"], ""]
    ctx.rel("supervised", tp["supervisor"].canonical, tp["title"], page, as_written=sw, kind="team_project",
            year=y, object_type="team_project")
    L += [r.choice(["## Členovia tímu", "## Tím", "## Riešitelia"]), ""]
    style = r.choice(["links", "plain", "table"])
    listed = [m for m in tp["members"] if m["on_project_page"]]
    rows = [(m["student"], m["role"]) for m in listed]
    if tp.get("guest"):
        rows.append((None, tp["guest"]["role"]))
    if style == "table":
        L += ["| Meno | Úloha v tíme |", "|---|---|"]
    for st, role in rows:
        name = st.full if st else tp["guest"]["name"] + " (Erasmus)"
        if style == "links" and st:
            cell = f"[{st.full}](../../students/{st.folder_year}/{st.login})"
        else:
            cell = name
        L.append(f"| {cell} | {role} |" if style == "table" else f"- {cell} – {role}")
        ctx.rel("member_of_team_project", st.login if st else None, tp["title"], page,
                subject_name=st.full if st else tp["guest"]["name"], year=y)
    L.append("")
    L += ["## Šprinty", ""]
    steps = ["analýza požiadaviek a návrh architektúry", "prvý prototyp", "integrácia častí",
             "testovanie s používateľmi", "príprava prezentácie"]
    for i in range(r.randint(2, 5)):
        d = dt.date(y - 1, 10, 1) + dt.timedelta(days=21 * i + r.randint(0, 6))
        L.append(f"- Šprint {i + 1} ({fmt_date(d, 'sk')}): {steps[i]}")
    L.append("")
    ctx.docs[page] = "\n".join(L)
    truth["style"] = style
    return truth


# ---------------------------------------------------------------- other pages

def render_other(ctx: Ctx, topics_truth: list) -> list[dict]:
    guides = G.build_guides(ctx.params)
    out = []
    for g in guides:
        text = g["text"]
        if g["path"].endswith("ako-pisat/README.md"):
            text = text.replace("\n", "\r\n")
        ctx.docs[g["path"]] = text
        out.append(dict(path=g["path"], title=g["title"], language=g["language"], kind=g["kind"],
                        published=g["published"], facts=g["facts"]))
    ctx.docs["pages/home/README.md"] = G.home_page([dict(slug=t["slug"], title=t["title"]) for t in topics_truth],
                                                   guides, ctx.params)
    ctx.docs["README.md"] = G.ROOT_README
    ignored = {
        ".github/workflows/deploy.yml": G.WORKFLOW,
        ".github/ISSUE_TEMPLATE/nova-tema.md": G.ISSUE_TEMPLATE,
        "pages/students/.sablona/README.md": G.HIDDEN_TEMPLATE,
        "config/site.yaml": G.SITE_YAML,
        "pages/navody/latex/sablona.tex": G.LATEX_TEX,
        ".gitignore": G.GITIGNORE,
    }
    ctx.docs.update(ignored)
    ctx.ignored = sorted(ignored) + sorted(ctx.binary)
    return out


# =============================================================================
# 7. Truth assembly
# =============================================================================

def build_truth(ctx: Ctx, topics_truth, projects_truth, guides_truth) -> dict:
    students = []
    for st in sorted(ctx.students, key=lambda s: s.path):
        pt = st.page_truth  # type: ignore[attr-defined]
        fm = pt["fm"]
        works = []
        for w in sorted(st.works, key=lambda w: (w.year, WORK_ORDER[w.kind], w.dp_number or 0)):
            T = dict(w.truth)
            T.setdefault("keywords", [])
            works.append(T)
        quirks = sorted(set(st.quirks))
        if fm["status"] == "broken":
            quirks.append("broken_yaml:" + st.style["broken_kind"])
        for w in works:
            if w.get("year_conflict"):
                quirks.append("year_conflict")
            if w.get("former_title"):
                quirks.append("title_changed")
            if w.get("title_label") == "heading":
                quirks.append("title_in_heading")
            if w.get("title_label") == "table":
                quirks.append("meta_table")
            if w.get("source") == "category_only":
                quirks.append("work_only_in_category")
        students.append(dict(
            path=st.path, login=st.login, folder_year=st.folder_year, name=st.full, given_name=st.given,
            surname=st.surname, family_name=st.family, gender=st.gender, origin=st.origin,
            published=fm["published"], front_matter=fm["status"], doc_title=expected_doc_title(st.path, ctx.docs[st.path]),
            h1=pt["h1"], fm_title=fm["title"], document_author=fm["author"],
            start_year=st.start_year if pt["start_written"] else None, start_year_as_written=pt["start_written"],
            repository=pt["repo"], tags=fm["tags"] if fm["status"] == "ok" else [],
            category_codes=pt["readable_codes"], category_codes_unreadable=fm.get("raw_categories", []),
            tags_unreadable=fm.get("raw_tags", []),
            topic_links=[t["slug"] for t in st.topic_links],
            works=works, marks=sorted(st.marks), quirks=sorted(set(quirks))))

    # supervisors / consultants
    sups = {}
    for p in ctx.supervisors + ctx.externals:
        if p.canonical in ctx.sup_forms:
            sups[p.canonical] = dict(forms=sorted(ctx.sup_forms[p.canonical]), gender=p.gender,
                                     external=p.external, affiliation=p.affiliation,
                                     also_consultant_forms=sorted(ctx.con_forms.get(p.canonical, [])))
    cons = {}
    for c, forms in sorted(ctx.con_forms.items()):
        login = None
        for st in ctx.students:
            if st.person is not None and st.person.canonical == c:
                login = st.login
        cons[c] = dict(forms=sorted(forms), is_supervisor=c in sups, student_login=login)

    # name statistics
    by_name: dict[str, list] = {}
    by_family: dict[str, list] = {}
    by_given: dict[str, list] = {}
    for st in ctx.students:
        by_name.setdefault(st.full, []).append(st.login)
        by_family.setdefault(st.family, []).append(st)
        by_given.setdefault(st.given, []).append(st.login)
    namesakes = [dict(name=k, logins=sorted(v)) for k, v in sorted(by_name.items()) if len(v) > 1]
    shared = []
    for fam, sts in sorted(by_family.items()):
        if len(sts) >= 2:
            initials = [s.given[0] for s in sts]
            shared.append(dict(family=fam, size=len(sts),
                               students=[dict(login=s.login, name=s.full, gender=s.gender) for s in sts],
                               surname_forms=sorted({s.surname for s in sts}),
                               mixed_gender=len({s.gender for s in sts}) > 1,
                               shared_initial=len(set(initials)) < len(initials)))
    unique_given = sorted(k for k, v in by_given.items() if len(v) == 1)
    rare = sorted(st.given for st in ctx.students if "rare_given_name" in st.marks)

    # documents
    docs = []
    kinds = {}
    for s in students:
        kinds[s["path"]] = "student"
    for t in topics_truth:
        kinds[t["path"]] = "topic"
    for p in projects_truth:
        if p["path"]:
            kinds[p["path"]] = "team_project"
    for g in guides_truth:
        kinds[g["path"]] = g["kind"]
    kinds["pages/home/README.md"] = "home"
    kinds["README.md"] = "repository_readme"
    for path in sorted(ctx.docs):
        if not path.endswith(".md") or path in ctx.ignored:
            continue
        text = ctx.docs[path]
        status, meta, _ = split_front_matter(text)
        docs.append(dict(path=path, type=kinds.get(path, "other"), title=expected_doc_title(path, text),
                         published=published_value(meta) if status == "ok" else True,
                         front_matter=status, crlf="\r\n" in text))

    pub = {d["path"]: d["published"] for d in docs}
    rels = sorted(ctx.relations, key=lambda d: (d["relation"], d["evidence_page"], str(d["subject"]), str(d["object"])))
    for d in rels:
        d["evidence_published"] = pub[d["evidence_page"]]
    counts: dict[str, int] = {}
    for d in rels:
        counts[d["relation"]] = counts.get(d["relation"], 0) + 1

    hard = {
        "hidden_pages": [s["path"] for s in students if not s["published"]],
        "broken_yaml": [s["path"] for s in students if s["front_matter"] == "broken"],
        "unclosed_front_matter": [s["path"] for s in students if s["front_matter"] == "unclosed"],
        "no_front_matter": [d["path"] for d in docs if d["front_matter"] == "missing"],
        "capitalized_keys": [s["path"] for s in students if "capitalized_keys" in s["quirks"]],
        "no_h1": [s["path"] for s in students if s["h1"] is None],
        "h1_login_only": [s["path"] for s in students if s["h1"] == s["login"]],
        "crlf": [d["path"] for d in docs if d["crlf"]],
        "year_conflicts": [s["path"] for s in students if "year_conflict" in s["quirks"]],
        "title_changed": [s["path"] for s in students if "title_changed" in s["quirks"]],
        "title_in_heading": [s["path"] for s in students if "title_in_heading" in s["quirks"]],
        "work_only_in_category": [s["path"] for s in students if "work_only_in_category" in s["quirks"]],
        "english_titles": [s["path"] for s in students if any(w.get("title_language") == "en" for w in s["works"])],
        "title_on_next_line": [s["path"] for s in students if any("(next line)" in (w.get("title_label") or "") for w in s["works"])],
        "phd_student_as_consultant": sorted({s["path"] for s in students for w in s["works"]
                                             if any(cons.get(c, {}).get("student_login") for c in w["consultants"])}),
        "student_shares_supervisor_surname": [s["path"] for s in students if any(m.startswith("supervisor_surname") for m in s["marks"])],
        "page_author_is_supervisor": [s["path"] for s in students if s["document_author"] and (
            (isinstance(s["document_author"], str) and any(s["document_author"] == f or s["document_author"] == k
                                                           for k, v in sups.items() for f in v["forms"] + [k])))],
        "extra_markdown_in_student_folder": [d["path"] for d in docs if d["type"] == "other"],
        "topic_members_without_page": sorted({t["path"] for t in topics_truth for m in t["members"] if not m["has_page"]}),
        "topic_year_disagrees": sorted({t["path"] for t in topics_truth for m in t["members"] if m.get("disagrees_with_student_page")}),
        "ignored_files": ctx.ignored,
    }
    return dict(
        generator=dict(name="wikigen", version=GENERATOR_VERSION, seed=ctx.seed, students=ctx.n,
                       snapshot_date=NOW.isoformat(), params=ctx.params),
        documents=docs, ignored_files=ctx.ignored, students=students, supervisors=sups,
        consultants=cons, topics=topics_truth, team_projects=projects_truth, guides=guides_truth,
        relations=rels, relation_counts=counts, namesakes=namesakes, shared_surnames=shared,
        unique_given_names=unique_given, rare_given_names=rare, hard_cases=hard)


# =============================================================================
# 8. Self-check
# =============================================================================

LABEL_RE = re.compile(r"^\s*(?:- )?\**(Vedúci práce|Vedúca práce|Vedúci|Vedúca|Školiteľka|Školiteľ|Supervisor)\**:\**\s*(.+)$")


def selfcheck(out: str, truth: dict) -> list[str]:
    errs: list[str] = []

    def read(p):
        with open(os.path.join(out, p), encoding="utf-8", newline="") as f:
            return f.read()

    def norm(t):
        return t.replace("\r\n", "\n")

    # every .md file on disk (outside hidden folders) is in documents[], and vice versa
    on_disk = []
    for root, dirs, files in os.walk(out):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for f in sorted(files):
            if f.endswith(".md"):
                on_disk.append(os.path.relpath(os.path.join(root, f), out).replace(os.sep, "/"))
    listed = {d["path"] for d in truth["documents"]}
    if set(on_disk) != listed:
        errs.append(f"documents mismatch: disk-only {sorted(set(on_disk) - listed)[:5]}, truth-only {sorted(listed - set(on_disk))[:5]}")

    for d in truth["documents"]:
        text = read(d["path"])
        status, meta, body = split_front_matter(text)
        if status != d["front_matter"]:
            errs.append(f"{d['path']}: front matter {status} != {d['front_matter']}")
        pub = published_value(meta) if status == "ok" else True
        if pub != d["published"]:
            errs.append(f"{d['path']}: published {pub} != {d['published']}")

    for s in truth["students"]:
        p = s["path"]
        parts = p.split("/")
        if parts[3] != s["login"] or parts[2] != str(s["folder_year"]):
            errs.append(f"{p}: login/year folder mismatch")
        text = norm(read(p))
        status, meta, body = split_front_matter(text)
        if status != s["front_matter"]:
            errs.append(f"{p}: fm status {status} != {s['front_matter']}")
        # name readable from H1 or title
        h1 = first_h1(body if status == "ok" else text)
        ttl = meta_get(meta, "title") if status == "ok" else None
        if not ((h1 and s["name"] in h1) or (isinstance(ttl, str) and s["name"] in ttl)):
            errs.append(f"{p}: name {s['name']} not readable from H1 {h1!r} / title {ttl!r}")
        if status == "ok":
            if published_value(meta) != s["published"]:
                errs.append(f"{p}: published mismatch")
            tax = meta_get(meta, "taxonomy") or {}
            cats = tax.get("category") if isinstance(tax, dict) else None
            if isinstance(cats, str):
                cats = [c.strip() for c in cats.split(",")]
            cats = [str(c).lower() for c in (cats or [])]
            for w in s["works"]:
                if w["category_year"] is not None:
                    code = {"bachelor": "bp", "master": "dp", "dissertation": "dz"}[w["kind"]] + str(w["category_year"])
                    if code not in cats:
                        errs.append(f"{p}: category {code} not in {cats}")
            tags = tax.get("tag") if isinstance(tax, dict) else None
            if isinstance(tags, str):
                tags = [t.strip() for t in tags.split(",")]
            if sorted(tags or []) != sorted(s["tags"]):
                errs.append(f"{p}: tags {tags} != {s['tags']}")
        if s["start_year"] is not None:
            if s["start_year_as_written"] not in text or str(s["start_year"]) not in s["start_year_as_written"]:
                errs.append(f"{p}: start year line missing")
        else:
            for pat in ("Rok začiatku štúdia", "Štúdium začaté", "Začiatok štúdia", "Started:", "Študujem od", "Start of study", "Rok nástupu"):
                if pat in text:
                    errs.append(f"{p}: start-year line present but truth is null")
        # works: headings, titles, supervisors
        headings = [ln for ln in text.split("\n") if re.match(r"^#{1,3} ", ln)]
        sup_lines = [m.group(2).strip() for m in (LABEL_RE.match(ln) for ln in text.split("\n")) if m]
        for w in s["works"]:
            if w.get("source") == "category_only":
                continue
            if not any(ln.lstrip("#").strip() == w["heading"] for ln in headings):
                errs.append(f"{p}: heading {w['heading']!r} not found")
            if w["heading_year"] is not None and str(w["heading_year"]) not in w["heading"]:
                errs.append(f"{p}: heading year not in heading")
            if w["heading_year"] is None and re.search(r"\b(19|20)\d\d\b", w["heading"].split(":")[0]):
                errs.append(f"{p}: heading has a year but truth says none: {w['heading']}")
            if w["title"] and w["title"] not in text:
                errs.append(f"{p}: title {w['title']!r} missing")
            if w["supervisor_as_written"]:
                if w.get("title_label") == "table":
                    if w["supervisor_as_written"] not in text:
                        errs.append(f"{p}: table supervisor missing")
                elif not any(sl.rstrip("*").strip() == w["supervisor_as_written"] for sl in sup_lines):
                    errs.append(f"{p}: supervisor line {w['supervisor_as_written']!r} not found in {sup_lines}")
            for c in w["consultants_as_written"]:
                if c not in text:
                    errs.append(f"{p}: consultant {c!r} missing")
            for k in w["keywords"]:
                if k not in text:
                    errs.append(f"{p}: keyword {k!r} missing")
            a = w.get("assignment")
            if a and w["title"] and w["title"] in a:
                errs.append(f"{p}: assignment repeats the title")
            if w["year"] != (w["heading_year"] or w.get("body_year") or w["category_year"]):
                errs.append(f"{p}: year precedence broken")
        # supervisors: every supervisor line on the page belongs to some work (or team project)
        known = {w["supervisor_as_written"] for w in s["works"] if w["supervisor_as_written"]}
        for sl in sup_lines:
            if sl.rstrip("*").strip() not in known:
                errs.append(f"{p}: unexpected supervisor line {sl!r}")

    # supervisors' canonical name derivable from forms (surname present)
    for canon, v in truth["supervisors"].items():
        sur = canon.split()[-1]
        for f in v["forms"]:
            if sur.lower() not in f.lower():
                errs.append(f"supervisor form {f!r} lacks surname of {canon}")

    # topics
    for t in truth["topics"]:
        text = norm(read(t["path"]))
        for m in t["members"]:
            if m["name_as_written"] not in text:
                errs.append(f"{t['path']}: member {m['name_as_written']!r} missing")
            if m["style"] == "name_login" and f"({m['login']})" not in text:
                errs.append(f"{t['path']}: login {m['login']} missing")
            if m["linked"] and f"/{m['login']}" not in text:
                errs.append(f"{t['path']}: link to {m['login']} missing")
            for w in m["works"]:
                if w["title"] and w["title"] not in text:
                    errs.append(f"{t['path']}: title {w['title']!r} missing")
                if w["year"] and str(w["year"]) not in text:
                    errs.append(f"{t['path']}: year {w['year']} missing")

    # team projects
    logins = {s["login"]: s for s in truth["students"]}
    for tp in truth["team_projects"]:
        if tp["path"]:
            text = norm(read(tp["path"]))
            if tp["title"] not in text:
                errs.append(f"{tp['path']}: title missing")
        for m in tp["members"]:
            if "project_page" in m["listed_on"] and m["name"] not in norm(read(tp["path"])):
                errs.append(f"{tp['title']}: member {m['name']} missing on project page")
            if "member_page" in m["listed_on"]:
                st = logins[m["login"]]
                if not any(w["kind"] == "team_project" and w["title"] == tp["title"] for w in st["works"]):
                    errs.append(f"{st['path']}: team project {tp['title']} missing in works")
                if tp["title"] not in norm(read(st["path"])):
                    errs.append(f"{st['path']}: team project title missing")
        want = {"project_page", "member_page"} if tp["where_listed"] == "both" else {tp["where_listed"]}
        got = {x for m in tp["members"] for x in m["listed_on"]}
        if got != want:
            errs.append(f"{tp['title']}: where_listed {tp['where_listed']} but members listed on {got}")

    # guides
    for g in truth["guides"]:
        text = norm(read(g["path"]))
        if not 3 <= len(g["facts"]) <= 6 and g["published"]:
            errs.append(f"{g['path']}: {len(g['facts'])} facts")
        for f in g["facts"]:
            if f["answer_unit"] not in text:
                errs.append(f"{g['path']}: fact unit not verbatim: {f['question']}")

    # relations: evidence pages exist and mention the object/subject
    cache: dict[str, str] = {}
    for rl in truth["relations"]:
        p = rl["evidence_page"]
        if p not in cache:
            cache[p] = norm(read(p))
        text = cache[p]
        o = str(rl["object"])
        if rl["relation"] in ("wrote", "has_keyword", "started_in", "member_of_team_project") and o not in text:
            errs.append(f"{p}: relation {rl['relation']} object {o!r} not on page")
        if rl["relation"] in ("supervised", "consulted") and rl.get("as_written") and rl["as_written"] not in text:
            errs.append(f"{p}: {rl['relation']} form {rl['as_written']!r} not on page")
        if rl["relation"] == "on_topic" and rl["subject_name"] not in text and rl.get("style") != "student_page_link":
            errs.append(f"{p}: on_topic subject {rl['subject_name']!r} not on page")

    # thesis titles unique across students (diploma projects repeat the master title)
    seen: dict[str, str] = {}
    for s in truth["students"]:
        for w in s["works"]:
            if w["title"] and w["kind"] in ("bachelor", "master", "dissertation", "research_task"):
                if w["title"] in seen and seen[w["title"]] != s["login"]:
                    errs.append(f"duplicate thesis title {w['title']!r}")
                seen[w["title"]] = s["login"]
    return errs


# =============================================================================
# 9. Main
# =============================================================================

def assign_logins(ctx: Ctx):
    r = ctx.rng.get("logins")
    used: set = set()
    for st in ctx.students:
        ys = sorted(w.year for w in st.works)
        first_work = ys[0] if ys else (st.start_year or 2020)
        roll = r.random()
        if roll < 0.6:
            fy = st.start_year or first_work
        elif roll < 0.85:
            fy = first_work
        else:
            fy = r.randint((st.start_year or first_work) - 1, max(ys) if ys else first_work)
        st.folder_year = min(fy, MAX_YEAR)
        era = "old" if st.folder_year <= 2015 else ("mid" if st.folder_year <= 2019 else "new")
        conv = wpick(r, LOGIN_CONV_BY_ERA[era])
        st.login = make_login(st, conv, r, used)
    # namesakes: different folder years and different login conventions
    by_name: dict[str, list] = {}
    for st in ctx.students:
        if "namesake" in st.marks:
            by_name.setdefault(st.full, []).append(st)
    convs = ["initials", "fsur3", "x5", "dot"]
    for pair in by_name.values():
        if len(pair) == 2 and pair[0].folder_year == pair[1].folder_year:
            pair[1].folder_year = max(2013, pair[1].folder_year - 1) if pair[1].folder_year > 2013 else pair[1].folder_year + 1
        a, b = r.sample(convs, 2)
        for st, c in zip(pair, (a, b)):
            used.discard(st.login)
            st.login = make_login(st, c, r, used)
    for st in ctx.students:
        if st.person is not None:
            st.person.login = st.login
            st.person.id = "student:" + st.login


def generate(seed: int, n: int):
    ctx = Ctx(seed, n)
    ctx.students = make_students(ctx.rng, n)
    plan_careers(ctx)
    assign_logins(ctx)
    plan_team_projects(ctx)
    plan_topics(ctx)
    assign_quirks(ctx)
    plan_styles(ctx)
    # render (order matters only for which written forms are recorded; it is fixed)
    for st in sorted(ctx.students, key=lambda s: s.path):
        render_student(ctx, st)
        if "extra_md" in st.quirks:
            render_extra_md(ctx, st)
    topics_truth = [render_topic(ctx, t) for t in ctx.topics]
    projects_truth = [render_project(ctx, tp) for tp in ctx.projects]
    guides_truth = render_other(ctx, topics_truth)
    truth = build_truth(ctx, topics_truth, projects_truth, guides_truth)
    return ctx, truth


def write_out(ctx: Ctx, out: str):
    for path in sorted(ctx.docs):
        full = os.path.join(out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8", newline="") as f:
            f.write(ctx.docs[path])
    for path in sorted(ctx.binary):
        full = os.path.join(out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(ctx.binary[path])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--students", type=int, default=110)
    ap.add_argument("--truth", required=True, help="path of the ground-truth JSON to write")
    ap.add_argument("--overwrite", action="store_true", help="delete OUT_DIR first if it exists")
    ap.add_argument("--no-check", action="store_true", help="skip the self-check")
    a = ap.parse_args(argv)
    if a.students < 10:
        ap.error("--students must be at least 10")
    if os.path.exists(a.out_dir) and os.listdir(a.out_dir):
        if not a.overwrite:
            ap.error(f"{a.out_dir} exists and is not empty (use --overwrite)")
        shutil.rmtree(a.out_dir)
    try:
        ctx, truth = generate(a.seed, a.students)
    except PoolExhausted:
        ap.error("not enough distinct thesis titles for this many students (about 500 students is the limit)")
    write_out(ctx, a.out_dir)
    os.makedirs(os.path.dirname(os.path.abspath(a.truth)), exist_ok=True)
    with open(a.truth, "w", encoding="utf-8", newline="\n") as f:
        json.dump(truth, f, ensure_ascii=False, indent=1)
        f.write("\n")
    md = sum(1 for d in truth["documents"])
    print(f"wrote {md} documents ({len(truth['students'])} student pages, {len(truth['topics'])} topics, "
          f"{len([p for p in truth['team_projects'] if p['path']])} project pages, {len(truth['guides'])} guides) "
          f"and {len(truth['relations'])} relations to {a.out_dir} / {a.truth}")
    if not a.no_check:
        errs = selfcheck(a.out_dir, truth)
        if errs:
            print(f"SELF-CHECK FAILED ({len(errs)} problems):", file=sys.stderr)
            for e in errs[:60]:
                print("  " + e, file=sys.stderr)
            return 1
        print("self-check: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
