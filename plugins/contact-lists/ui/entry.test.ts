import { checkUiEntry, renderPluginPage } from '@balcao/testing/ui';
import { expect, it } from 'vitest';
import { listErrors } from '../server/errors.js';
import ui from './index.js';

it('declares a complete UI entry: four languages, pages, and a text for every server error', () => {
  expect(checkUiEntry(ui, { serverName: 'contact-lists', errors: listErrors })).toEqual([]);
});

it('paints the lists page in pt-BR', async () => {
  const { html } = await renderPluginPage(ui, '/contact-lists');
  expect(html).toContain('data-shell-block="ListPage"');
});
