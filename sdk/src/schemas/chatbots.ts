import { z } from 'zod';
import { botEngineKeyField, boundedString, hasNul, idField } from './common.js';

/**
 * What choosing a chatbot option does (spec part 2 §3 Chatbot option): answer with its message only (text), hand the
 * ticket to a user (attendent, the spec's spelling), move it to a queue, start an integration, or send a file list.
 * @example CHATBOT_OPTION_TYPES.includes('attendent')
 */
export const CHATBOT_OPTION_TYPES = ['text', 'attendent', 'queue', 'integration', 'file'] as const;
export type ChatbotOptionType = (typeof CHATBOT_OPTION_TYPES)[number];

/** Queue rotation times in minutes (spec part 2 §9); 0 means unset. @example ROTATION_TIMES.includes(15) */
export const ROTATION_TIMES = [0, 2, 5, 10, 15, 30, 45, 60] as const;
export type RotationTime = (typeof ROTATION_TIMES)[number];

/** Levels an option tree may have (a root option is level 1). */
export const CHATBOT_MAX_DEPTH = 5;
/** Options one queue's tree may hold in all, and one option (or the queue) directly. */
export const CHATBOT_MAX_OPTIONS = 200;
export const CHATBOT_MAX_CHILDREN = 30;

/** One option of a queue's chatbot tree as sent (ids of options kept are sent back; new ones have none). */
export interface ChatbotNodeInput {
  id?: number;
  name: string;
  greetingMessage?: string | null;
  queueType: ChatbotOptionType;
  optQueueId?: number | null;
  optUserId?: number | null;
  optIntegrationId?: number | null;
  optBotEngine?: string | null;
  optFileId?: number | null;
  closeTicket: boolean;
  options: ChatbotNodeInput[];
}

const messageField = z
  .string()
  .max(5000, 'Too Long!')
  .refine((v) => !hasNul(v), 'Invalid character')
  .nullish();

/** An option's own fields (spec part 2 §5: name required, at least 4 characters). */
const chatbotFields = {
  name: boundedString(4, 100),
  greetingMessage: messageField,
  queueType: z.enum(CHATBOT_OPTION_TYPES, 'Invalid option').default('text'),
  optQueueId: idField.nullish(),
  optUserId: idField.nullish(),
  optIntegrationId: idField.nullish(),
  /** An integration option's bot engine (`GET /api/bot-engines`): choosing the option hands the ticket to it. */
  optBotEngine: botEngineKeyField.nullish(),
  optFileId: idField.nullish(),
  closeTicket: z.boolean().default(false),
};

type NodeFields = Pick<ChatbotNodeInput, 'greetingMessage' | 'queueType' | 'optQueueId' | 'optUserId'>;

/**
 * Rules of one option: a queue option names its queue, an attendant option its user; an option with options under
 * it needs a message (spec part 2 §5: "A message is mandatory to continue to the next level").
 */
function checkOption(node: NodeFields, hasChildren: boolean, ctx: z.RefinementCtx): void {
  if (node.queueType === 'queue' && !node.optQueueId)
    ctx.addIssue({ code: 'custom', path: ['optQueueId'], message: 'Required' });
  if (node.queueType === 'attendent' && !node.optUserId)
    ctx.addIssue({ code: 'custom', path: ['optUserId'], message: 'Required' });
  if (hasChildren && !node.greetingMessage?.trim())
    ctx.addIssue({ code: 'custom', path: ['greetingMessage'], message: 'ERR_CHATBOT_MESSAGE_REQUIRED' });
}

/**
 * Depth and size first, without recursion: a hostile body nested thousands deep is refused before the recursive
 * schema would walk it.
 */
function checkTreeShape(value: unknown, ctx: z.RefinementCtx): void {
  const problem = treeShapeProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

function treeShapeProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  let count = 0;
  const stack: { nodes: unknown[]; depth: number }[] = [{ nodes: value, depth: 1 }];
  while (stack.length) {
    const { nodes, depth } = stack.pop() as { nodes: unknown[]; depth: number };
    count += nodes.length;
    if (nodes.length > CHATBOT_MAX_CHILDREN || count > CHATBOT_MAX_OPTIONS) return 'Too many options';
    for (const node of nodes) {
      const children = (node as { options?: unknown } | null)?.options;
      if (!Array.isArray(children) || children.length === 0) continue;
      if (depth >= CHATBOT_MAX_DEPTH) return 'Too deep';
      stack.push({ nodes: children, depth: depth + 1 });
    }
  }
  return null;
}

/** One option and the options under it. @example chatbotNodeSchema.parse({ name: 'Boletos', greetingMessage: 'Escolha', options: [{ name: '2ª via' }] }) */
export const chatbotNodeSchema: z.ZodType<ChatbotNodeInput, unknown> = z.lazy(() =>
  z
    .object({
      id: idField.optional(),
      ...chatbotFields,
      options: z.array(chatbotNodeSchema).default([]),
    })
    .superRefine((node, ctx) => checkOption(node, node.options.length > 0, ctx)),
);

const collectIds = (nodes: ChatbotNodeInput[], out: number[] = []): number[] => {
  for (const n of nodes) {
    if (n.id) out.push(n.id);
    collectIds(n.options, out);
  }
  return out;
};

/**
 * A whole option tree in order (the queue's `chatbots`, an option's `options`): at most {@link CHATBOT_MAX_DEPTH}
 * levels, {@link CHATBOT_MAX_CHILDREN} options a level, {@link CHATBOT_MAX_OPTIONS} in all; an id at most once.
 * @example chatbotTreeSchema.parse([{ name: 'Financeiro' }, { name: 'Suporte', queueType: 'queue', optQueueId: 2 }])
 */
export const chatbotTreeSchema = z
  .unknown()
  .superRefine(checkTreeShape)
  .pipe(
    z.array(chatbotNodeSchema).superRefine((nodes, ctx) => {
      const ids = collectIds(nodes);
      if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'Repeated option' });
    }),
  );

/**
 * `POST /api/chatbot`: one option (and any under it) added last under a queue (`queueId`) or under an option
 * (`chatbotId`), exactly one of the two. @example chatbotCreateSchema.parse({ queueId: 1, name: 'Financeiro' })
 */
export const chatbotCreateSchema = z
  .object({
    queueId: idField.optional(),
    chatbotId: idField.optional(),
    ...chatbotFields,
    options: chatbotTreeSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.queueId === !body.chatbotId)
      ctx.addIssue({ code: 'custom', path: ['queueId'], message: 'Required' });
    checkOption(body, (body.options?.length ?? 0) > 0, ctx);
  });
export type ChatbotCreateInput = z.infer<typeof chatbotCreateSchema>;

/**
 * `PUT /api/chatbot/{id}`: the option's own fields; with `options`, its whole subtree is replaced (ids kept).
 * @example chatbotUpdateSchema.parse({ name: 'Financeiro', greetingMessage: 'Escolha:' })
 */
export const chatbotUpdateSchema = z
  .object({ ...chatbotFields, options: chatbotTreeSchema.optional() })
  .superRefine((body, ctx) => checkOption(body, (body.options?.length ?? 0) > 0, ctx));
export type ChatbotUpdateInput = z.infer<typeof chatbotUpdateSchema>;

/** A rotation time (spec part 2 §9). @example rotationTimeField.parse(15) */
export const rotationTimeField = z.literal(ROTATION_TIMES, 'Invalid option');
