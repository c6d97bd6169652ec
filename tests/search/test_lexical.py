"""The lemma dictionary is loaded once per process, however many threads ask first."""

from __future__ import annotations

import subprocess
import sys

CHILD = r"""
import threading
from simplemma.strategies.dictionaries import dictionary_factory as df

loads = []
real = df._load_dictionary_from_disk
def counted(lang):
    loads.append(lang)
    return real(lang)
df._load_dictionary_from_disk = counted

from zpagent.lexical import lemma
start = threading.Barrier(8)
def ask(word):
    start.wait()
    lemma(word)
threads = [threading.Thread(target=ask, args=(w,)) for w in
           ["prácu", "práce", "vedúceho", "témy", "rokoch", "študentov", "reči", "jazyka"]]
for t in threads: t.start()
for t in threads: t.join()
print(len(loads), lemma("prácu"))
"""


def test_concurrent_first_requests_load_the_lemmas_once():
    """Right after a restart, eight request threads asking at once loaded eight
    copies (0.6 s and ~100 MB each, fighting over the GIL); now one."""
    out = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=300, check=True
    ).stdout.split()
    assert out == ["1", "práca"]
