import { describe, expect, it } from 'vitest';
import { integrationInputSchema } from '../shared/integration.js';

describe('the integration form', () => {
  it('asks by type: URL for n8n and webhook, URL and slug for typebot, project and language for dialogflow', () => {
    const issues = (body: object) =>
      integrationInputSchema.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ??
      [];
    expect(issues({ type: 'n8n', name: 'Fluxo' })).toEqual(['urlN8N:Required']);
    expect(issues({ type: 'webhook', name: 'Gancho', urlN8N: 'https://h.com' })).toEqual([]);
    expect(issues({ type: 'typebot', name: 'Bot', urlN8N: ' ' })).toEqual([
      'urlN8N:Required',
      'typebotSlug:Required',
    ]);
    expect(issues({ type: 'dialogflow', name: 'Agente' })).toEqual([
      'projectName:Required',
      'language:Required',
    ]);
    expect(issues({ type: 'n8n', name: 'Fluxo', urlN8N: 'https://user:pw@h.com' })).toEqual([
      'urlN8N:Must be an http(s) URL',
    ]);
  });

  it('sets projectName to the name for n8n, webhook and typebot, and keeps the spec defaults', () => {
    const bot = integrationInputSchema.parse({
      type: 'typebot',
      name: ' Bot ',
      urlN8N: 'https://b.co',
      typebotSlug: 'x',
      projectName: 'p',
    });
    expect(bot).toMatchObject({
      name: 'Bot',
      projectName: 'Bot',
      typebotExpires: 1,
      typebotDelayMessage: 1000,
    });
    const agent = integrationInputSchema.parse({
      type: 'dialogflow',
      name: 'Agente',
      projectName: 'proj',
      language: 'en',
    });
    expect(agent.projectName).toBe('proj');
  });
});
