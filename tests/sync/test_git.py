import pytest

from tests.sync.conftest import git
from zpagent.sync import git as zgit

CFG = zgit.GitConfig(expected_repository="zp/wiki", branch="main")


def test_pull_fast_forwards(repos):
    before = repos.head()
    new = repos.push("pages/new/README.md", "# Nová stránka\n")
    b, a = zgit.pull(repos.wiki, CFG)
    assert (b, a) == (before, new)
    assert (repos.wiki / "pages/new/README.md").exists()


def test_wrong_origin_is_refused(repos):
    with pytest.raises(zgit.GitWrongOrigin):
        zgit.verify_checkout(repos.wiki, zgit.GitConfig("other/wiki", "main"))


def test_wrong_branch_is_refused(repos):
    git(repos.wiki, "checkout", "-q", "-b", "feature")
    with pytest.raises(zgit.GitWrongBranch):
        zgit.pull(repos.wiki, CFG)


def test_untracked_file_makes_the_tree_dirty(repos):
    (repos.wiki / "stray.md").write_text("# lokálna zmena")
    with pytest.raises(zgit.GitDirty):
        zgit.pull(repos.wiki, CFG)


def test_diverged_history_is_never_rewritten(repos):
    (repos.wiki / "local.md").write_text("# lokálny commit")
    git(repos.wiki, "add", "-A")
    git(repos.wiki, "commit", "-q", "-m", "local")
    local = repos.head()
    repos.push("pages/remote.md", "# vzdialený commit")
    with pytest.raises(zgit.GitDiverged):
        zgit.pull(repos.wiki, CFG)
    assert repos.head() == local  # nothing was rewritten


def test_not_a_repository(tmp_path):
    with pytest.raises(zgit.NotARepository):
        zgit.verify_checkout(tmp_path, CFG)


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("git@gitea.example.edu:zp/wiki.git", "zp/wiki"),
        ("ssh://git@gitea.example.edu:2222/zp/wiki.git", "zp/wiki"),
        ("https://gitea.example.edu/zp/wiki", "zp/wiki"),
        ("/srv/git/zp/wiki.git/", "zp/wiki"),
    ],
)
def test_repository_name_from_url(url, expected):
    assert zgit._repo_path_from_url(url) == expected


def test_fetch_failure_is_transient_and_redacted(repos):
    git(repos.wiki, "remote", "set-url", "origin", "https://user:secret@127.0.0.1:9/zp/wiki.git")
    with pytest.raises(zgit.GitTransientError) as info:
        zgit.pull(repos.wiki, CFG)
    assert "secret" not in str(info.value)


@pytest.mark.parametrize(
    ("stderr", "expected"),
    [
        (
            "Warning: Identity file /root/.ssh/zp_key not accessible: No such file.\n"
            "git@git.example.edu: Permission denied (publickey).\n"
            "fatal: Could not read from remote repository.\n\n"
            "Please make sure you have the correct access rights\n",
            "git@git.example.edu: Permission denied (publickey). | "
            "fatal: Could not read from remote repository.",
        ),
        (
            "ssh: connect to host 127.0.0.1 port 9: Connection refused\n"
            "fatal: Could not read from remote repository.\n",
            "ssh: connect to host 127.0.0.1 port 9: Connection refused | "
            "fatal: Could not read from remote repository.",
        ),
        (
            "fatal: unable to access 'https://user:pw@git.example.edu/zp/wiki.git/': "
            "Could not resolve host: git.example.edu\n",
            "fatal: unable to access 'https://***@git.example.edu/zp/wiki.git/': "
            "Could not resolve host: git.example.edu",
        ),
        (
            "fatal: '/srv/secret/place/origin.git' does not appear to be a git repository\n",
            "fatal: '<path>' does not appear to be a git repository",
        ),
        ("", ""),
    ],
)
def test_git_message_keeps_the_cause_and_hides_paths_and_credentials(stderr, expected):
    assert zgit.git_message(stderr) == expected


def test_git_errors_have_fixed_public_messages():
    for cls in (
        zgit.GitError,
        zgit.GitTransientError,
        zgit.GitWrongOrigin,
        zgit.GitWrongBranch,
        zgit.GitDirty,
        zgit.GitDiverged,
        zgit.NotARepository,
    ):
        assert cls.public_message != "Internal error."
        assert "/" not in cls.public_message.replace("git's", "")
    assert len({c.public_message for c in (zgit.GitWrongOrigin, zgit.GitDirty)}) == 2
