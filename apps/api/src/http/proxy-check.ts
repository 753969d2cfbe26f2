import type { RequestHandler } from 'express';

/** How many requests (other than /healthz) the check looks at before it settles. */
export const PROXY_CHECK_REQUESTS = 20;

type WarnLogger = { warn: (details: Record<string, unknown>, message: string) => void };

/**
 * Issue 21.13: a proxy the site does not trust (or one that sends no X-Forwarded-For) makes every
 * visitor look like the proxy, so they all share one login and contact limit. Watches the first
 * requests and warns once, with the TRUST_PROXY value to set, when none of them told the site who
 * the visitor was while all came from one address. A site reached directly (no forwarded header,
 * no TRUST_PROXY) is left alone.
 */
export function proxyCheck(logger: WarnLogger, trustProxy: readonly string[]): RequestHandler {
  let seen = 0;
  let settled = false;
  let firstAddress: string | undefined;
  let allFromOne = true;
  let forwardedIgnored = 0;
  return (req, _res, next) => {
    if (settled || req.path === '/healthz') return next();
    const socketAddress = req.socket.remoteAddress ?? '';
    const forwarded = req.headers['x-forwarded-for'] !== undefined;
    if (req.ip !== socketAddress) {
      settled = true; // The site learnt a visitor's own address: the proxy is set up right.
      return next();
    }
    firstAddress ??= socketAddress;
    if (socketAddress !== firstAddress) allFromOne = false;
    if (forwarded) forwardedIgnored += 1;
    seen += 1;
    if (seen >= PROXY_CHECK_REQUESTS) {
      settled = true;
      if (allFromOne && forwardedIgnored === seen) {
        logger.warn(
          { proxy: firstAddress, trustProxy: trustProxy.join(',') || 'none' },
          `Every request comes through a proxy at ${firstAddress} that TRUST_PROXY does not trust, so all visitors share one limit: set TRUST_PROXY=${firstAddress} (see docs/WEBMASTER.md).`,
        );
      } else if (allFromOne && forwardedIgnored === 0 && trustProxy.length > 0) {
        logger.warn(
          { proxy: firstAddress, trustProxy: trustProxy.join(',') },
          `Every request comes from ${firstAddress} with no X-Forwarded-For, so all visitors share one limit: make the proxy send the visitor's address (see docs/WEBMASTER.md).`,
        );
      }
    }
    next();
  };
}
