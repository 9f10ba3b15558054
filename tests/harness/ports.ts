/**
 * Ports for the tests' own servers (Postgres, Redis) and for an address nothing answers on.
 *
 * Taken below the kernel's range for port-0 servers and outgoing connections (Linux:
 * ip_local_port_range), and checked to refuse a connection: a port found by listening on port 0 and
 * closing could be given out again at once to another test's server or client — on CI a refused ERP's
 * /readyz once answered 200 (tests/gateway/prod-server.test.ts).
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';

function ephemeralStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768; // not Linux: the usual start of the range
  }
}

function refuses(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      ok(false);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => ok(e.code === 'ECONNREFUSED'));
  });
}

/** A port on 127.0.0.1 that nothing listens on, outside the range the kernel hands out by itself. */
export async function quietPort(): Promise<number> {
  const low = ephemeralStart();
  const from = Math.min(10_000, Math.max(1024, low - 1000));
  for (let i = 0; i < 50; i++) {
    const port = from + Math.floor(Math.random() * Math.max(1, low - from));
    if (await refuses(port)) return port;
  }
  throw new Error('quietPort: no port below the ephemeral range refused a connection');
}
