"""The Bolt relay used by the lost-acknowledgement tests leaves no socket behind."""

from __future__ import annotations

import gc
import socket
import threading

from tests.sync.bolt_relay import BoltRelay


class SlowRelay(BoltRelay):
    """Connects upstream only when told to: close() can run in between, every time."""

    def __init__(self, upstream: str) -> None:
        self.connecting = threading.Event()
        self.go = threading.Event()
        super().__init__(upstream)

    def _connect(self) -> socket.socket:
        self.connecting.set()
        self.go.wait(30)
        return super()._connect()


def test_close_during_a_connection_leaves_no_socket():
    upstream = socket.create_server(("127.0.0.1", 0))
    relay = SlowRelay(f"bolt://127.0.0.1:{upstream.getsockname()[1]}")
    client = socket.create_connection(("127.0.0.1", int(relay.uri.rsplit(":", 1)[1])))
    try:
        assert relay.connecting.wait(30)
        closer = threading.Thread(target=relay.close)
        closer.start()
        # Let close() run as far as it goes before the upstream connection exists:
        # the old one finished (and cut nothing); this one waits for the accept thread.
        closer.join(2)
        relay.go.set()
        closer.join(30)
        relay._thread.join(30)  # the accept thread has finished with that connection
        assert not closer.is_alive() and not relay._thread.is_alive()
        assert relay._open == []  # nothing left open that nobody will close
    finally:
        client.close()
        upstream.close()
    del relay
    # An unclosed socket would warn here (ResourceWarning is an error in this suite).
    gc.collect()
