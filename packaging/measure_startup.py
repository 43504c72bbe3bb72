"""Times the frozen app's start: `--version`, launch to the main window on screen, `--smoke`.

    python3 packaging/measure_startup.py dist/bundle/drase-desktop/drase-desktop [runs]

The window is timed under a private Xvfb server (xvfb and x11-utils' xwininfo): from the
process start to the moment its top-level window is mapped and viewable, which under Xvfb (no
compositor) is when Qt paints its first frame. Each figure is the median of `runs` (default 5);
the first, cold run is reported apart because it reads the bundle from disk.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WINDOW_CLASS = '("drase-desktop" "Drase Desktop")'  # WM_CLASS: instance and class names


def _start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(write_end,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        display = ":" + pipe.readline().strip()
    return server, display


def _window_viewable(display: str) -> bool:
    """Whether a top-level window of the app (not Qt's helper windows) is on screen."""
    tree = subprocess.run(
        ["xwininfo", "-display", display, "-root", "-children"], capture_output=True, text=True
    ).stdout
    for line in tree.splitlines():
        if WINDOW_CLASS in line:
            window = line.split()[0]
            state = subprocess.run(
                ["xwininfo", "-display", display, "-id", window], capture_output=True, text=True
            ).stdout
            if "IsViewable" in state:
                return True
    return False


def time_to_window(binary: str, display: str, environment: dict[str, str]) -> tuple[float, float]:
    """Wall-clock seconds from the start to the window on screen, and the CPU seconds the app
    used (user and system, until it is stopped just after): the second barely moves with the
    load of other work on the machine, the first does."""
    log = tempfile.TemporaryFile()
    started = time.perf_counter()
    app = subprocess.Popen(
        [binary],
        env={**environment, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        while time.perf_counter() - started < 30:
            if _window_viewable(display):
                shown = time.perf_counter() - started
                app.terminate()
                _, _, usage = os.wait4(app.pid, 0)
                app.returncode = 0
                return shown, usage.ru_utime + usage.ru_stime
            if app.poll() is not None:
                log.seek(0)
                output = log.read().decode(errors="replace")
                raise RuntimeError(f"the app exited with {app.returncode}:\n{output}")
            time.sleep(0.02)  # each poll runs xwininfo, which competes for the CPU
        raise RuntimeError("no window within 30 s")
    finally:
        if app.returncode is None:
            app.terminate()
            app.wait(timeout=10)


def time_command(command: list[str], environment: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, env=environment, check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> int:
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    binary = str(Path(sys.argv[1]).resolve())
    runs = int(sys.argv[2]) if len(sys.argv) == 3 else 5
    with tempfile.TemporaryDirectory() as home:
        # A throwaway home: the app's settings, autosave and recent files stay out of the way.
        environment = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": home,
            "XDG_CONFIG_HOME": f"{home}/config",
            "XDG_DATA_HOME": f"{home}/data",
            "XDG_CACHE_HOME": f"{home}/cache",
            "XDG_STATE_HOME": f"{home}/state",
            "DRASE_DESKTOP_HOME": f"{home}/drase",
            "LANG": "C.UTF-8",
        }
        version = [time_command([binary, "--version"], environment) for _ in range(runs)]
        print(f"--version: median {statistics.median(version) * 1000:.0f} ms")
        server, display = _start_xvfb()
        try:
            cold = time_to_window(binary, display, environment)
            warm = [time_to_window(binary, display, environment) for _ in range(runs)]
        finally:
            server.terminate()
            server.wait()
        wall = statistics.median(shown for shown, _ in warm)
        cpu = statistics.median(used for _, used in warm)
        print(f"launch to window on screen: first run {cold[0] * 1000:.0f} ms, then median", end="")
        print(f" {wall * 1000:.0f} ms of {runs} (CPU {cpu * 1000:.0f} ms)")
        offscreen = {**environment, "QT_QPA_PLATFORM": "offscreen"}
        smoke = subprocess.run([binary, "--smoke"], env=offscreen, capture_output=True)
        if smoke.returncode == 0:
            times = [time_command([binary, "--smoke"], offscreen) for _ in range(runs)]
            print(f"--smoke (open, render, save, reopen): median {statistics.median(times):.2f} s")
        else:
            print(f"--smoke: exit {smoke.returncode} (not timed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
