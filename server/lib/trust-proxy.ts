import { isIP } from 'node:net';
import { z } from 'zod';

// Which hops in front of a service may tell it the client's address (X-Forwarded-For) and
// protocol: Express's `trust proxy`, read from TRUST_PROXY by the web and by the api. `req.ip`
// is then the address the nearest untrusted hop connected from, and every per-address rate
// limit counts on it. The default trusts loopback only: the web in front of the api on one
// machine. A CDN or load balancer in front of the web has to be named, by its addresses or by
// how many hops there are; until it is, the web counts every shopper as that proxy.

/** A hop count, or addresses, subnets and Express's names for address ranges. */
export type TrustProxy = number | string[];

export const DEFAULT_TRUST_PROXY: TrustProxy = ['loopback'];

const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** 10.0.0.1, ::1, 10.0.0.0/8, fd00::/8, 10.0.0.0/255.0.0.0, or a range name. */
function isTrustedHop(value: string): boolean {
  if (RANGE_NAMES.includes(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4;
}

/**
 * TRUST_PROXY: `2` (trust that many hops, whatever their addresses), or a comma-separated
 * list such as `loopback, 10.0.0.0/8`. `true` is refused: trusting every hop would let any
 * client choose the address it is counted under.
 */
export const envTrustProxy = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (/^\d+$/.test(value)) return Number(value);
    const hops = value
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    const wrong = hops.filter((hop) => !isTrustedHop(hop));
    if (!hops.length || wrong.length) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a hop count or a comma-separated list of addresses, subnets, loopback, linklocal or uniquelocal${wrong.length ? ` (not ${wrong.join(', ')})` : ''}`,
      });
      return z.NEVER;
    }
    return hops;
  })
  .default(DEFAULT_TRUST_PROXY);
