import { FRAME_ORIGIN } from '@balcao/sdk';
import helmet from 'helmet';
import type { Middleware } from 'koa';
import type { AppState } from './types.js';

/**
 * The Content-Security-Policy of every answer: everything from Balcão's own origin, no inline or injected code.
 * Images may also be data: (Blueprint's CSS icons, the favicon), blob: (a file's preview before it is sent) and any
 * https: host (contact photos on a channel's CDN, help video thumbnails); frames from YouTube's privacy-enhanced host; audio and video blob: (the voice note's preview). `connect-src
 * 'self'` covers fetch and the /ws socket of the same host (CSP 3). No `upgrade-insecure-requests`: a plain-HTTP
 * installation (an office network) would have its own scripts upgraded to https and break.
 */
const DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // The help videos' player (spec part 2 "Help videos"), YouTube's privacy-enhanced host.
  frameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

/**
 * Security headers on every answer, by helmet: the CSP above, `frame-ancestors 'self'` (and X-Frame-Options) unless
 * the route lets named websites frame it (`ctx.state.frameAncestors`, as the web chat page does for the company's
 * sites), `Referrer-Policy: no-referrer` (media URLs are capabilities), `X-Content-Type-Options: nosniff`, and
 * helmet's other defaults. A route may replace any of them on its own answer (embed.js is loaded cross-origin).
 */
export function securityHeaders(): Middleware<AppState> {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: DIRECTIVES },
    // Whether TLS is there is the proxy's business: never pin subdomains of a domain Balcão does not own.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  });
  return async (ctx, next) => {
    headers(ctx.req, ctx.res, () => {});
    await next();
    const framers = ctx.state.frameAncestors?.filter((origin) => FRAME_ORIGIN.test(origin)) ?? [];
    if (!framers.length) return;
    const framed = helmet.contentSecurityPolicy({
      useDefaults: false,
      directives: { ...DIRECTIVES, frameAncestors: ["'self'", ...framers] },
    });
    framed(ctx.req, ctx.res, () => {});
    // Browsers let frame-ancestors win, but X-Frame-Options SAMEORIGIN alone would still forbid the named sites.
    ctx.remove('X-Frame-Options');
  };
}
