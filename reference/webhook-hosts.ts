/**
 * 4.14 "public URL, HTTPS recommended, no local hosts or private networks": how the reference
 * server reads a webhook URL's host. The families and their ranges are the document's data
 * (schemas/webhooks.ts FORBIDDEN_HOST_FAMILIES, which the suites iterate); deciding which family a
 * host is in is this implementation's. Text only: no DNS lookup and no connection, so a public name
 * that resolves to a private address is not caught here.
 *
 * The URL standard's IPv4 spellings (decimal 2130706433, hex 0x7f000001, octal 0177.0.0.1, short
 * 127.1, trailing dots) and percent-encoded names are normalised by WHATWG `new URL()`; addresses
 * are parsed and matched against the ranges by ipaddr.js.
 */
import ipaddr from 'ipaddr.js';
import { DISPUTED_PRIVATE_HOSTS, FORBIDDEN_HOST_FAMILIES, type ForbiddenHostFamilyId } from '../schemas/webhooks.ts';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [Address, number];

/** scheme://[userinfo@]host of a URL as written, the host bracketed for IPv6 (no normalisation). */
const AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i;

/**
 * The family whose addresses embed an IPv4 address (::ffff:0:0/96 mapped, ::/96 compatible): an
 * address there is forbidden when its embedded IPv4 address is in one of the IPv4 families.
 */
const EMBEDDING_FAMILY: ForbiddenHostFamilyId = 'ipv4-mapped-ipv6';

const cidrsOf = (ranges: readonly string[]): Cidr[] => ranges.filter((r) => ipaddr.isValidCIDR(r)).map((r) => ipaddr.parseCIDR(r));

/** The families matched by address range, in the table's order (the embedding family apart). */
const ADDRESS_FAMILIES = FORBIDDEN_HOST_FAMILIES.filter((f) => f.id !== EMBEDDING_FAMILY).map((f) => ({ id: f.id, cidrs: cidrsOf(f.ranges) }));
const EMBEDDING_RANGES = cidrsOf(FORBIDDEN_HOST_FAMILIES.find((f) => f.id === EMBEDDING_FAMILY)!.ranges);
/** The families matched by name ('localhost', and '*.localhost' for every name under it). */
const NAME_FAMILIES = FORBIDDEN_HOST_FAMILIES.map((f) => ({ id: f.id, names: f.ranges.filter((r) => !ipaddr.isValidCIDR(r)) })).filter(
  (f) => f.names.length > 0,
);

/** Ranges whose place under 4.14's "private networks" is a reading (schemas/webhooks.ts), with the family they join under it. */
const DISPUTED_RANGES = DISPUTED_PRIVATE_HOSTS.map((d) => ({ readAs: d.readAs as ForbiddenHostFamilyId, cidrs: cidrsOf(d.ranges) }));
/** RFC 3879's deprecated site-local fec0::/10, one of latitude host-forms' deprecated spellings. */
const SITE_LOCAL = ipaddr.parseCIDR('fec0::/10');

const inRange = (address: Address, [network, bits]: Cidr): boolean => address.kind() === network.kind() && address.match(network, bits);

/** The IPv4 address in the last 32 bits of an IPv6 address. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const [high, low] = address.parts.slice(6) as [number, number];
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function addressFamily(address: Address): ForbiddenHostFamilyId | undefined {
  const direct = ADDRESS_FAMILIES.find((f) => f.cidrs.some((cidr) => inRange(address, cidr)));
  if (direct) return direct.id;
  // ::ffff:a.b.c.d and ::a.b.c.d: the embedded IPv4 address decides (after ::, ::1 matched above).
  if (address instanceof ipaddr.IPv6 && EMBEDDING_RANGES.some((cidr) => inRange(address, cidr)))
    return addressFamily(embeddedIpv4(address)) ? EMBEDDING_FAMILY : undefined;
  return undefined;
}

function nameFamily(name: string): ForbiddenHostFamilyId | undefined {
  return NAME_FAMILIES.find((f) => f.names.some((n) => (n.startsWith('*.') ? name.endsWith(n.slice(1)) : name === n)))?.id;
}

/** The host of `url`, as a URL parser reads it; a lenient fallback for what WHATWG URL refuses. */
function hostOf(url: string): string | undefined {
  const text = url.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  try {
    return new URL(withScheme).hostname;
  } catch {
    // e.g. an IPv6 zone id ([fe80::1%eth0]), which WHATWG URL refuses but some clients accept.
    return AUTHORITY.exec(withScheme)?.[1];
  }
}

/**
 * 4.14: the forbidden-host family of `url`'s host, or undefined when the host is not a local host
 * nor in a private network.
 */
export function forbiddenHostFamily(url: string): ForbiddenHostFamilyId | undefined {
  const raw = hostOf(url);
  if (raw === undefined || raw === '') return undefined;
  let host: string;
  try {
    // What WHATWG URL refused, or a host of a scheme it does not normalise, may still be encoded.
    host = decodeURIComponent(raw).toLowerCase();
  } catch {
    host = raw.toLowerCase();
  }
  if (host.startsWith('[') && host.endsWith(']')) {
    const inner = host.slice(1, -1);
    return ipaddr.IPv6.isValid(inner) ? addressFamily(ipaddr.IPv6.parse(inner)) : undefined;
  }
  const name = host.replace(/\.+$/, '');
  const named = nameFamily(name);
  if (named) return named;
  // ipaddr.js also reads the numeric IPv4 forms, for hosts that WHATWG URL did not normalise.
  return ipaddr.IPv4.isValid(name) ? addressFamily(ipaddr.IPv4.parse(name)) : undefined;
}

/**
 * The family a host in a disputed range (site-local fec0::/10) joins when 4.14's "private networks"
 * is read to cover it; undefined for any other host. Whether to read it so is the server's decision
 * (webhook-service.ts), not this module's.
 */
export function disputedHostFamily(url: string): ForbiddenHostFamilyId | undefined {
  const authority = AUTHORITY.exec(url.trim())?.[1] ?? hostOf(url) ?? '';
  const inner = authority.startsWith('[') && authority.endsWith(']') ? authority.slice(1, -1) : undefined;
  if (inner === undefined || !ipaddr.IPv6.isValid(inner)) return undefined;
  const address = ipaddr.IPv6.parse(inner);
  return DISPUTED_RANGES.find((d) => d.cidrs.some((cidr) => inRange(address, cidr)))?.readAs;
}

/**
 * The host spellings latitude host-forms calls exotic or deprecated: an IPv4-mapped or -compatible
 * IPv6 address (::ffff:a.b.c.d, ::a.b.c.d), site-local fec0::/10 (deprecated by RFC 3879) and any
 * percent-encoded host name. Read from the URL as written, since WHATWG URL normalises them away.
 */
export function isExoticHostSpelling(url: string): boolean {
  const authority = AUTHORITY.exec(url.trim())?.[1] ?? '';
  if (authority.includes('%')) return true;
  if (forbiddenHostFamily(url) === EMBEDDING_FAMILY) return true;
  const inner = authority.startsWith('[') ? authority.slice(1, -1) : undefined;
  return inner !== undefined && ipaddr.IPv6.isValid(inner) && inRange(ipaddr.IPv6.parse(inner), SITE_LOCAL);
}
