import os

# Every GUI test runs offscreen, whatever the caller's environment says.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
