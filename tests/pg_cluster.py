"""A throwaway PostgreSQL server for tests: a new cluster in a temporary folder, on 127.0.0.1, on a free port.

The storage tests, the two-process test and the benchmark need a real server. ``.ci/run`` starts one
with ``python -m tests.pg_cluster start DIR`` (it prints the admin URL, which CI exports as
``TEAHOUSE_TEST_POSTGRES_URL``) and stops it with ``python -m tests.pg_cluster stop DIR``. Without
that variable the ``postgres_admin_url`` fixture starts its own cluster for the test session.

``initdb`` refuses to run as root, so as root the server runs as the ``postgres`` user (which
Debian's server packages create). The cluster uses password (SCRAM) authentication, so the
password-handling paths run for real.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
from pathlib import Path

USER = "teahouse"
PASSWORD = "teahouse-test-password"  # a throwaway cluster on loopback, deleted after the run
ENV_URL = "TEAHOUSE_TEST_POSTGRES_URL"


class ClusterError(Exception):
    """The server could not be started; ``str()`` says why."""


def server_bin() -> Path | None:
    """The newest installed PostgreSQL server's bin folder (Debian's layout), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run(args: list[str], folder: Path) -> None:
    """Run a server tool, as ``postgres`` when we are root."""
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            raise ClusterError("running as root but there is no 'postgres' user to run the server as") from None
        args = ["runuser", "-u", "postgres", "--", *args]
    done = subprocess.run(args, cwd=folder, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise ClusterError(f"{Path(args[args.index('--') + 1] if '--' in args else args[0]).name} failed: "
                           f"{(done.stderr or done.stdout).strip()[-600:]}")


def start(folder: Path) -> str:
    """Create and start a cluster in ``folder`` (which must be empty or absent); the admin URL."""
    binary = server_bin()
    if binary is None:
        raise ClusterError("no PostgreSQL server is installed (apt-get install postgresql)")
    folder.mkdir(parents=True, exist_ok=True)
    os.chmod(folder, 0o755)
    secret = folder / "pwfile"
    secret.write_text(PASSWORD + "\n")
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        os.chown(secret, owner.pw_uid, owner.pw_gid)
    data, port = folder / "data", free_port()
    _run([str(binary / "initdb"), "-D", str(data), "-U", USER, "--auth=scram-sha-256", f"--pwfile={secret}",
          "--encoding=UTF8", "--locale=C.UTF-8"], folder)
    secret.unlink()
    options = (f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c fsync=off "
               "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
    _run([str(binary / "pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"), "-o", options, "-w",
          "-t", "60", "start"], folder)
    return f"postgresql://{USER}:{PASSWORD}@127.0.0.1:{port}/postgres"


def stop(folder: Path) -> None:
    """Stop the cluster in ``folder`` (fast shutdown) and delete it."""
    binary = server_bin()
    if binary is not None and (folder / "data" / "postmaster.pid").exists():
        _run([str(binary / "pg_ctl"), "-D", str(folder / "data"), "-m", "fast", "-w", "stop"], folder)
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    command, where = sys.argv[1], Path(sys.argv[2])
    if command == "start":
        try:
            print(start(where))
        except ClusterError as err:
            print(f"pg_cluster: {err}", file=sys.stderr)
            sys.exit(1)
    elif command == "stop":
        stop(where)
    else:
        sys.exit("usage: python -m tests.pg_cluster start|stop FOLDER")
