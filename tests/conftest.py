"""Test setup: headless SDL, private user folders, and shared helpers."""

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
_tmp = tempfile.mkdtemp(prefix="cardtable-tests-")
os.environ["XDG_DATA_HOME"] = str(Path(_tmp) / "data")
os.environ["XDG_CONFIG_HOME"] = str(Path(_tmp) / "config")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
