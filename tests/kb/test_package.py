"""The package installs and its command line answers."""
import subprocess
import sys


def test_cli_help_lists_every_command():
    out = subprocess.run([sys.executable, "-m", "kb", "--help"], capture_output=True, text=True, check=True).stdout
    for cmd in ("ingest", "show", "export", "search", "simulate", "validate"):
        assert cmd in out
