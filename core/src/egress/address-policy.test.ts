import { describe, expect, it } from 'vitest';
import { AddressPolicy } from './address-policy.js';

describe('egress address policy', () => {
  const closed = new AddressPolicy();

  it('lets public unicast addresses through', () => {
    for (const a of ['8.8.8.8', '151.101.1.69', '2606:4700:4700::1111'])
      expect(closed.allowsAddress(a)).toBe(true);
  });

  it('refuses loopback, private, link-local, metadata, CGNAT, multicast, reserved and embedded IPv4 forms', () => {
    for (const a of [
      '127.0.0.1',
      '127.1.2.3',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      'not-an-address',
    ])
      expect(closed.allowsAddress(a), a).toBe(false);
  });

  it('lets through what BALCAO_EGRESS_ALLOW lists: addresses, CIDR blocks and host names', () => {
    const open = new AddressPolicy(['127.0.0.1', '10.0.0.0/8', '::1', 'Mock.Local', ' ']);
    expect(open.allowsAddress('127.0.0.1')).toBe(true);
    expect(open.allowsAddress('::ffff:127.0.0.1')).toBe(true);
    expect(open.allowsAddress('127.0.0.2')).toBe(false);
    expect(open.allowsAddress('10.200.3.4')).toBe(true);
    expect(open.allowsAddress('::1')).toBe(true);
    expect(open.allowsAddress('192.168.0.1')).toBe(false);
    expect(open.allowsHost('mock.local')).toBe(true);
    expect(open.allowsHost('other.local')).toBe(false);
  });
});
