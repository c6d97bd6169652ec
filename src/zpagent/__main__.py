from zpagent.cli.main import run

run()
