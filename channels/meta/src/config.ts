import { z } from 'zod';

/** Where the Graph API is (spec part 1: Graph v9) — tests point it at a local mock. */
export const DEFAULT_GRAPH_URL = 'https://graph.facebook.com';
export const DEFAULT_GRAPH_VERSION = 'v9.0';

/**
 * The Meta app Balcão runs as: its secret (signs webhooks), the verify token typed in the app's webhook settings,
 * the Graph API's address and version, and Balcão's public address (for attachments sent by URL; Instagram takes
 * no uploads). @example metaConfigSchema.parse({ appSecret: 's3cr3t', verifyToken: 'balcao' })
 */
export const metaConfigSchema = z.object({
  appSecret: z.string().min(8, 'META_APP_SECRET: at least 8 characters').optional(),
  verifyToken: z.string().min(8, 'META_VERIFY_TOKEN: at least 8 characters').optional(),
  graphUrl: z
    .url({ protocol: /^https?$/, error: 'META_GRAPH_URL: an http(s) address' })
    .transform((u) => u.replace(/\/+$/, ''))
    .default(DEFAULT_GRAPH_URL),
  graphVersion: z
    .string()
    .regex(/^v\d+\.\d+$/, 'META_GRAPH_VERSION: such as v9.0')
    .default(DEFAULT_GRAPH_VERSION),
  publicUrl: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL: an http(s) address' })
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
});
export type MetaConfig = z.infer<typeof metaConfigSchema>;
export type MetaConfigInput = z.input<typeof metaConfigSchema>;

/**
 * The app's configuration from the environment (META_APP_SECRET, META_VERIFY_TOKEN, META_GRAPH_URL,
 * META_GRAPH_VERSION, PUBLIC_URL), over `overrides`; empty variables count as unset. Throws naming the bad variable.
 * @example const config = readMetaConfig(process.env)
 */
export function readMetaConfig(
  env: Record<string, string | undefined>,
  overrides: MetaConfigInput = {},
): MetaConfig {
  const pick = (name: string) => (env[name]?.trim() ? env[name]?.trim() : undefined);
  const parsed = metaConfigSchema.safeParse({
    appSecret: pick('META_APP_SECRET'),
    verifyToken: pick('META_VERIFY_TOKEN'),
    graphUrl: pick('META_GRAPH_URL'),
    graphVersion: pick('META_GRAPH_VERSION'),
    publicUrl: pick('PUBLIC_URL'),
    ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)),
  });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}
