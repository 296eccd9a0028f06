"""``cardtable serve --cert C --key K`` (issue 31): the table over TLS (wss://), with a
certificate made for 127.0.0.1 by the openssl command; a client trusting it (``--cafile``)
plays a deal, a client that does not trust it is refused in one line, and unusable
certificate files are a usage error."""

from __future__ import annotations

import asyncio
import shutil
import ssl
import subprocess

import pytest

from game.cli import main
from game.net import client
from tests.net.netutil import HOST, Host, client_args, run_clients, server_process

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")


@pytest.fixture(scope="module")
def cert(tmp_path_factory):
    d = tmp_path_factory.mktemp("tls")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", f"/CN={HOST}", "-addext", f"subjectAltName=IP:{HOST}",
                    "-keyout", str(d / "key.pem"), "-out", str(d / "cert.pem")],
                   check=True, capture_output=True, timeout=60)
    return d / "cert.pem", d / "key.pem"


def test_a_deal_over_tls(cert, capsys):
    pem, key = cert
    with server_process(["--cert", str(pem), "--key", str(key)]) as url:
        assert url.startswith("wss://")

        async def play():
            async with Host(url, ssl.create_default_context(cafile=str(pem))) as host:
                code = await host.create(game="cassino", players=2, seed=3, deals=1)
                task = asyncio.ensure_future(run_clients(
                    [client_args(url, code, 0, "normal", 1, None, ["--cafile", str(pem)])]))
                await host.start_when_taken(1)
                over = await host.deal_over()
                return over, (await task)[0]

        over, report = asyncio.run(play())
        assert report["deals"][0]["scores"] == over.scores
        # without trusting the certificate: refused, one line
        capsys.readouterr()
        assert client.main(["join", url, "BBBBBB", "--name", "x", "--idle", "10"]) == 1
        err = capsys.readouterr().err
        assert err.startswith("client: cannot reach") and err.count("\n") == 1


@pytest.mark.parametrize("which", ["missing", "garbage", "alone"])
def test_unusable_certificates_are_a_usage_error(which, tmp_path, capsys, cert):
    pem, key = cert
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate")
    argv = {"missing": ["--cert", str(tmp_path / "none.pem"), "--key", str(key)],
            "garbage": ["--cert", str(junk), "--key", str(junk)],
            "alone": ["--cert", str(pem)]}[which]
    assert main(["serve", "--port", "0", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("usage:") and "Traceback" not in err
