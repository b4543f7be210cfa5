import { isIPv4, isIPv6 } from "node:net";

/** The eight 16-bit groups of an IPv6 address ("::" expanded, an embedded IPv4 tail turned into two groups). */
function expandIPv6(address: string): number[] {
  let text = address;
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail) {
    const [a, b, c, d] = v4Tail[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4Tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? [] : Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

/**
 * The key that stands for one client when counting or capping per address: an IPv4 address as it is, and an
 * IPv6 address by its /64 prefix, the block a single subscriber usually gets (so rotating through the rest of
 * that block buys nothing). IPv4-mapped IPv6 addresses (::ffff:1.2.3.4) count as their IPv4 address.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.split("%")[0]!;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = expandIPv6(address);
  const isMappedV4 = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (isMappedV4) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/**
 * The network a reporter writes from, coarser than clientAddressKey: an IPv4 address by its /24 and an IPv6
 * address by its /48 (a site's or a subscriber's whole allocation). Independent reports must come from different
 * networks: renting many addresses of one provider's block buys one voice. IPv4-mapped addresses count as IPv4.
 */
export function reporterNetworkKey(ip: string): string {
  const key = clientAddressKey(ip);
  if (isIPv4(key)) return `${key.split(".").slice(0, 3).join(".")}.0/24`;
  if (!key.endsWith("::/64")) return key;
  const groups = key.slice(0, -"::/64".length).split(":");
  return `${groups.slice(0, 3).join(":")}::/48`;
}
