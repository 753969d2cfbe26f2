import net from 'node:net';

/**
 * The key a throttle counts a client by: an IPv4 address as is (also when IPv4-mapped), an IPv6
 * address by its /64 network, as one home or server is handed a whole /64. Other keys pass unchanged.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (net.isIPv6(address)) return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
  return address;
}

function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  return [...headParts, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailParts].map((part) => part.toLowerCase().replace(/^0+(?=.)/, ''));
}

/** Names Express knows for groups of addresses. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether a TRUST_PROXY item is a known name, an IP address or a subnet (address/bits). */
export function isProxyItem(item: string): boolean {
  if (PROXY_NAMES.has(item)) return true;
  const [address = '', bits, extra] = item.split('/');
  if (extra !== undefined) return false;
  const version = net.isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (version === 4 ? 32 : 128);
}
