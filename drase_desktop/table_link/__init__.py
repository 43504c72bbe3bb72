"""Table Link: the players' phones at the table. Qt-free: it builds on the encounter and
the files, never on the window (`messages.py`: the protocol; `seat_requests.py`: a phone's
message answered through the core)."""
