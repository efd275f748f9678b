import { PG_INT_MAX } from '@balcao/sdk';
import { z } from 'zod';
import {
  BODY_MAX,
  errorAnswerSchema,
  IDEMPOTENCY_KEY_MAX,
  MEDIAS_FIELD,
  MEDIAS_MAX,
  SEND_PATH,
  sendAnswerSchema,
} from './send.js';

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' });

const errorResponse = (description: string, codes: string[]) => ({
  description: `${description} (${codes.join(', ')})`,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const sendFields = {
  number: {
    type: 'string',
    maxLength: 50,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'No mask: country code, area code, number (5511999990000); or a web chat visitor id.',
  },
  body: { type: 'string', maxLength: BODY_MAX, description: 'The text; with files, their caption.' },
  userId: {
    type: 'integer',
    minimum: 1,
    maximum: PG_INT_MAX,
    description: 'Gives the ticket to this attendant.',
  },
  queueId: {
    type: 'integer',
    minimum: 1,
    maximum: PG_INT_MAX,
    description: 'Moves the ticket to this queue.',
  },
  sendSignature: { type: 'boolean', description: "Signs the text with the attendant's name (needs userId)." },
};

/**
 * The OpenAPI 3.1 document of the external messages API (spec part 2 §7): one call, JSON or multipart, bearer token
 * of a connection. Its answer schemas are the zod schemas the server answers with, so the two cannot drift.
 */
export function openApiDocument(serverUrl = '/') {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Balcão — external messages API',
      version: '1.0.0',
      description:
        'Sends a message to a contact as the company, on the connection whose token authorises the call. The contact and its ticket are opened or reused. Rate limited per token (429 with Retry-After). An Idempotency-Key header makes a retried call answer the first send instead of sending again.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        connectionToken: {
          type: 'http',
          scheme: 'bearer',
          description: "The connection's token (Connections → edit → token).",
        },
      },
      schemas: {
        SendAnswer: json(sendAnswerSchema),
        Error: json(errorAnswerSchema),
      },
    },
    security: [{ connectionToken: [] }],
    paths: {
      [SEND_PATH]: {
        post: {
          operationId: 'sendMessage',
          summary: 'Send a text or files to a number',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
              description: 'Any unique value per message: a retry with the same key sends nothing twice.',
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', required: ['number', 'body'], properties: sendFields },
              },
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['number', MEDIAS_FIELD],
                  properties: {
                    ...sendFields,
                    [MEDIAS_FIELD]: {
                      type: 'array',
                      maxItems: MEDIAS_MAX,
                      items: { type: 'string', contentMediaType: 'application/octet-stream' },
                    },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'Sent (or, for a repeated Idempotency-Key, already sent)',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/SendAnswer' } } },
            },
            '400': errorResponse('Invalid input or unreachable number', [
              'ERR_VALIDATION',
              'external-api:ERR_UNREACHABLE_NUMBER',
            ]),
            '401': errorResponse('Missing or unknown token', ['external-api:ERR_INVALID_TOKEN']),
            '403': errorResponse("The company's plan lacks the external API (planFlag: useExternalApi)", [
              'ERR_NO_PERMISSION',
            ]),
            '413': errorResponse('A file is too large', ['external-api:ERR_FILE_TOO_LARGE']),
            '429': errorResponse('Too many calls with this token; see Retry-After', [
              'external-api:ERR_RATE_LIMITED',
            ]),
          },
        },
      },
    },
  };
}
