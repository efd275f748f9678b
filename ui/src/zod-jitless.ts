import { z } from 'zod';

// zod compiles its object parsers with `new Function`, which the Content-Security-Policy forbids (no 'unsafe-eval');
// even its probe for it is reported as a violation. main.tsx imports this first, before any schema is built.
z.config({ jitless: true });
