"""Play over the network (issue 31): a server that holds the engine and asks each seat's client
for its move, and a client that answers from the seat's view alone.

- ``wire``: a seat's view and events to and from JSON (cards in the record notation);
- ``messages``: the versioned protocol, every frame size-limited and validated;
- ``server``: the tables (asyncio, websockets), each driven by the deal driver;
- ``client``: a headless client playing a seat with a computer player;
- ``link``, ``remote``, ``hosting``: a window's seat (its connection thread, the session the
  table plays through, the host's in-program server; the screens are game/ui/screens/net_*).

docs/network.md describes the protocol and what is done.
"""
