"""A real TCP relay between the Neo4j driver and the server, for lost-acknowledgement tests.

``cut()`` drops every open connection (a COMMIT sent afterwards never
reaches Neo4j, which rolls the open transaction back); ``refuse`` makes new
connections fail (Neo4j unreachable).

``close()`` must leave no socket behind: under ``filterwarnings=error`` an
unclosed socket collected later fails whichever test happens to run then.
It used to leak one about one run in three: a connection accepted just
before ``close()`` finished connecting upstream after ``cut()`` had emptied
the list of open sockets, so nothing ever closed that pair. Now the accept
thread is stopped and joined first, and a pair that is opened after the
relay closed is closed at once.
"""

from __future__ import annotations

import socket
import threading
from contextlib import suppress
from urllib.parse import urlsplit


class BoltRelay:
    def __init__(self, upstream: str) -> None:
        parts = urlsplit(upstream)
        self.target = (parts.hostname or "127.0.0.1", parts.port or 7687)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.uri = f"bolt://127.0.0.1:{self.listener.getsockname()[1]}"
        self.refuse = False
        self._lock = threading.Lock()
        self._open: list[socket.socket] = []
        self._closed = False
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _connect(self) -> socket.socket:
        server = socket.create_connection(self.target, timeout=10)
        server.settimeout(None)
        return server

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.refuse:
                client.close()
                continue
            try:
                server = self._connect()
            except OSError:
                client.close()
                continue
            with self._lock:
                if self._closed:  # close() ran while this pair was being opened
                    client.close()
                    server.close()
                    return
                self._open += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=_pump, args=(a, b), daemon=True).start()

    def cut(self) -> None:
        with self._lock:
            sockets, self._open = self._open, []
        for s in sockets:
            with suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def close(self) -> None:
        with self._lock:
            self._closed = True
        # shutdown() wakes a thread blocked in accept(); close() alone may not.
        with suppress(OSError):
            self.listener.shutdown(socket.SHUT_RDWR)
        self.listener.close()
        self._thread.join(30)
        self.cut()


def _pump(src: socket.socket, dst: socket.socket) -> None:
    with suppress(OSError):
        while data := src.recv(65536):
            dst.sendall(data)
    for s in (src, dst):
        with suppress(OSError):
            s.shutdown(socket.SHUT_RDWR)
