import { AppError, type PluginErrorCode } from './errors.js';

/** A plugin's error code before namespacing: `ERR_` then capitals, digits and underscores. */
export const PLUGIN_ERROR_CODE = /^ERR_[A-Z0-9_]{1,60}$/;
/** A namespaced plugin error code as the API answers it: `plugin-name:ERR_…`. */
export const NAMESPACED_PLUGIN_ERROR = /^([a-z][a-z0-9-]*):(ERR_[A-Z0-9_]{1,60})$/;

/**
 * A plugin's error catalogue: its codes with their HTTP statuses, and `raise` to build the AppError that answers
 * `{ "error": "plugin:ERR_…", ...details }`. Declare it on the plugin (`definePlugin({ errors })`): the host checks it.
 * @example throw tourErrors.raise('ERR_FULL', { seats: 3 }) // 409 { error: 'tour:ERR_FULL', seats: 3 }
 */
export interface PluginErrors<C extends string = string> {
  readonly plugin: string;
  readonly statuses: Readonly<Record<C, number>>;
  /** The namespaced code, as the API answers it. @example tourErrors.code('ERR_FULL') === 'tour:ERR_FULL' */
  code(code: C): PluginErrorCode;
  raise(code: C, details?: Record<string, unknown>): AppError;
}

/**
 * Declares a plugin's own error codes, namespaced by the plugin's name (`tour:ERR_FULL`), each with its HTTP status
 * (4xx or 5xx). The plugin's UI translates them under `errors` in its locales (`{ errors: { ERR_FULL: '…' } }`); a code
 * without a translation shows the screen's fallback text or the shell's generic error.
 * @example export const tourErrors = definePluginErrors('tour', { ERR_FULL: 409, ERR_CLOSED: 422 })
 */
export function definePluginErrors<const C extends string>(
  plugin: string,
  statuses: Record<C, number>,
): PluginErrors<C> {
  for (const [code, status] of Object.entries<number>(statuses)) {
    if (!PLUGIN_ERROR_CODE.test(code))
      throw new Error(`plugin ${plugin}: error code ${code} must match ERR_[A-Z0-9_]`);
    if (!Number.isInteger(status) || status < 400 || status > 599)
      throw new Error(`plugin ${plugin}: error ${code} needs a 4xx or 5xx status, not ${status}`);
  }
  const code = (c: C): PluginErrorCode => `${plugin}:${c}` as PluginErrorCode;
  return {
    plugin,
    statuses,
    code,
    raise: (c, details = {}) => new AppError(code(c), statuses[c], details),
  };
}
