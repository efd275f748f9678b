import { definePluginErrors } from '@balcao/sdk';

/** The API's refusals besides validation and the plan guard's 403 (documented in the OpenAPI document). */
export const externalApiErrors = definePluginErrors('external-api', {
  ERR_INVALID_TOKEN: 401,
  ERR_UNREACHABLE_NUMBER: 400,
  ERR_FILE_TOO_LARGE: 413,
  ERR_RATE_LIMITED: 429,
});
