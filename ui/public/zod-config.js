// zod compiles its object parsers with `new Function`, which the Content-Security-Policy forbids (no 'unsafe-eval'),
// and even its probe for it is reported as a violation. zod reads its global configuration from this object, so a
// classic script that runs before any bundle makes every zod jitless, whichever chunk the bundler puts zod in.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
