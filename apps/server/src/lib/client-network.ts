import { isIPv6 } from "node:net";

/**
 * The network a client address stands for in limits and counters: an IPv4 address as it is, an IPv6 address by
 * its /64 prefix (one subscriber usually holds a whole /64, so its addresses are one client). IPv4-mapped IPv6
 * addresses ("::ffff:1.2.3.4") count as the IPv4 address.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ""] = ip.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = ip.includes("::") ? [...headGroups, ...Array(missing).fill("0"), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => String(parseInt(g || "0", 16).toString(16)))
    .join(":")}::/64`;
}
