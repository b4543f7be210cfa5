import { isIPv4, isIPv6 } from "node:net";

/**
 * The network a session signed in from, as little of the address as tells networks apart: the IPv4 /24
 * ("189.40.12.x") or the IPv6 /48 ("2804:14c:65::/48"). The full address would place her home; the prefix is what
 * her provider's block looks like and is all she needs to say "that is not me" (data minimisation, LGPD art. 6 III).
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  if (isIPv4(address)) return `${address.split(".").slice(0, 3).join(".")}.x`;
  if (isIPv6(address)) return `${expandIPv6(address).slice(0, 3).join(":")}::/48`;
  return "desconhecida";
}

/** The eight groups of an IPv6 address, without leading zeros ("::" expanded). */
function expandIPv6(address: string): string[] {
  const [head, tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.map((g) => (g.replace(/^0+/, "") || "0").toLowerCase());
}
