// The kernel's count of connections dropped because a listening socket's accept queue was full
// (TcpExt ListenOverflows in /proc/net/netstat), machine-wide; null where there is no such file.
// A soak records it per phase: a client timing out while the server's event loop is free points
// at connections that were never accepted.
import { readFileSync } from 'node:fs';

export function listenOverflows(): number | null {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('TcpExt:'));
    const [names, values] = lines.map((l) => l.trim().split(/\s+/));
    const i = names?.indexOf('ListenOverflows') ?? -1;
    return i > 0 && values?.[i] !== undefined ? Number(values[i]) : null;
  } catch {
    return null;
  }
}
