// Whether an address is public unicast, for fetches that must not reach inside our network. An
// IPv6 address of a form that carries an IPv4 address is routed (by a tunnel or a translator) to
// that IPv4 address, so it is judged by it: `[::127.0.0.1]` is loopback, whatever its IPv6 range.
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Bytes = number[];

const net = (cidr: string) => ipaddr.parseCIDR(cidr) as [ipaddr.IPv6, number];

/**
 * The IPv6 forms that embed IPv4 addresses, and where they sit in the 16 bytes. `null`: the form
 * embeds one but where cannot be told, so the address cannot be judged and is refused.
 */
const EMBEDDING: Array<{ net: [ipaddr.IPv6, number]; inner: (b: Bytes) => Bytes[] | null }> = [
  // IPv4-compatible (RFC 4291, deprecated; still tunnelled by some stacks).
  { net: net('::/96'), inner: (b) => [b.slice(12)] },
  // NAT64, well-known prefix (RFC 6052).
  { net: net('64:ff9b::/96'), inner: (b) => [b.slice(12)] },
  // NAT64, local-use prefix (RFC 8215): its operator picks a prefix length from /48 to /96, which
  // moves the IPv4 address; only the /96 layout (bits 48–95 zero) reads one way.
  { net: net('64:ff9b:1::/48'), inner: (b) => (b.slice(6, 12).every((x) => x === 0) ? [b.slice(12)] : null) },
  // 6to4 (RFC 3056): the IPv4 address is bits 16–47.
  { net: net('2002::/16'), inner: (b) => [b.slice(2, 6)] },
  // Teredo (RFC 4380): the server's address, and the client's with every bit flipped. Both must
  // be public: a Teredo address naming a private one of either is no public destination.
  { net: net('2001::/32'), inner: (b) => [b.slice(4, 8), b.slice(12).map((x) => x ^ 0xff)] },
];

/**
 * The address `ip` denotes (IPv4-mapped IPv6 as its IPv4), or null when it is not an address.
 * ipaddr.js reads a dotted tail as IPv4-mapped (`::127.0.0.1` as `::ffff:127.0.0.1`), so IPv6 text
 * is first put in canonical hex by the URL parser; that also refuses zone ids (`fe80::1%eth0`).
 */
export function parseAddress(ip: string): Address | null {
  let text = ip;
  if (ip.includes(':')) {
    try {
      text = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
    } catch {
      return null;
    }
  }
  return ipaddr.isValid(text) ? ipaddr.process(text) : null;
}

/** Whether `ip` is public unicast, an IPv6 form embedding IPv4 judged by the IPv4 inside. */
export function isPublicAddress(ip: string): boolean {
  const addr = parseAddress(ip);
  if (!addr) return false;
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  const v6 = addr as ipaddr.IPv6;
  const form = EMBEDDING.find((f) => v6.match(f.net));
  if (!form) return v6.range() === 'unicast';
  const inner = form.inner(v6.toByteArray());
  return inner?.every((bytes) => ipaddr.fromByteArray(bytes).range() === 'unicast') ?? false;
}
