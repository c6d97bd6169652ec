import pytest

from zpagent.answer.condense import CondenseCache
from zpagent.answer.llm import ChatClient, LLMConfig
from zpagent.eval.scripted_llm import ScriptedLLM

LLM_KEY = "sk-test-llm-key-that-must-never-be-logged-0123"


@pytest.fixture
def llm():
    with ScriptedLLM() as server:
        yield server


@pytest.fixture
def client(llm):
    c = ChatClient(
        LLMConfig(
            url=llm.url, model="scripted", api_key=LLM_KEY, timeout=2.0, retries=2, backoff=0.01
        )
    )
    yield c
    c.close()


@pytest.fixture
def cache(tmp_path):
    c = CondenseCache(tmp_path / "answer_cache.sqlite")
    yield c
    c.close()


@pytest.fixture(scope="module")
def gen(tiny_workspace):
    with tiny_workspace.open_current() as g:
        yield g
