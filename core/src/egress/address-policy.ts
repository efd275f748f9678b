import ipaddr from 'ipaddr.js';

/**
 * Which addresses plugins may reach. Only public unicast addresses by default: loopback, private, link-local (the
 * cloud metadata service at 169.254.169.254), unique-local, carrier-grade NAT, multicast, reserved and the IPv6
 * forms that embed an IPv4 address are refused, unless `BALCAO_EGRESS_ALLOW` lists the host, the address or its
 * CIDR block (tests list their mock servers' 127.0.0.1).
 */
export class AddressPolicy {
  private readonly hosts = new Set<string>();
  private readonly blocks: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];

  /** @param allow entries of BALCAO_EGRESS_ALLOW: host names, addresses or CIDR blocks */
  constructor(allow: readonly string[] = []) {
    for (const raw of allow) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      if (ipaddr.isValidCIDR(entry)) this.blocks.push(normalCidr(ipaddr.parseCIDR(entry)));
      else if (ipaddr.isValid(entry)) {
        const addr = ipaddr.process(entry);
        this.blocks.push([addr, addr.kind() === 'ipv4' ? 32 : 128]);
      } else this.hosts.add(entry);
    }
  }

  /** Whether a host name was listed as it is (then any address it resolves to may be reached). */
  allowsHost(host: string): boolean {
    return this.hosts.has(host.toLowerCase().replace(/^\[|\]$/g, ''));
  }

  /** Whether an address may be reached: public unicast, or listed. A text that is not an address is refused. */
  allowsAddress(address: string): boolean {
    if (!ipaddr.isValid(address)) return false;
    const addr = ipaddr.process(address);
    if (this.blocks.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits))) return true;
    return addr.range() === 'unicast';
  }
}

/** An IPv4-mapped IPv6 block (::ffff:10.0.0.0/104) becomes its IPv4 block, as addresses are compared in that form. */
function normalCidr([addr, bits]: [ipaddr.IPv4 | ipaddr.IPv6, number]): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96)
    return [(addr as ipaddr.IPv6).toIPv4Address(), bits - 96];
  return [addr, bits];
}
