import { isIP } from 'node:net';

/**
 * One client, one address, however it was written: per-address limits key on it, so a port a
 * balancer appends (`198.51.100.4:51234`, `[2001:db8::1]:443`), an IPv6 address's case or
 * spelling (`2001:DB8:0::1`) and the IPv4-mapped form a dual-stack socket reports
 * (`::ffff:198.51.100.4`) would each make the same client a new one. Anything that is no address
 * is kept as written (it is only ever a key).
 */
export const normalClientAddress = (written: string): string => {
  const text = written.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text);
  const address = bracketed?.[1] ?? ipv4WithPort?.[1] ?? text;
  const kind = isIP(address);
  if (kind === 4) return address;
  if (kind !== 6) return text;
  // The URL parser writes an IPv6 address in its one canonical form (lower case, zeros compressed).
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(canonical) ?? /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!mapped) return canonical;
  if (mapped.length === 2) return mapped[1]!;
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
};
