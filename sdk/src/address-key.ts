/**
 * The address a rate limit counts a client under (login, signup, web chat visitors): an IPv4 address as is
 * (IPv4-mapped IPv6 included), an IPv6 address by its /64 network, which one subscriber usually holds whole and could
 * otherwise walk through address by address.
 * @example addressKey('2001:db8:1:2:aaaa::1') === '2001:db8:1:2::/64'
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  // Koa's ctx.ip is an IP address: one with a colon is IPv6 (no node:net here, the SDK also runs in browsers).
  if (!ip.includes(':')) return ip;
  const [head, tail] = ip.split('%')[0].toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
