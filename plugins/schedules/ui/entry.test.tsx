import type { ContactDto } from '@balcao/sdk';
import { type ComposerApi, ComposerContext, SlotContactContext } from '@balcao/sdk/ui';
import { checkUiEntry, renderInShell } from '@balcao/testing/ui';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { schedulesErrors } from '../server/errors';
import { formatSendAt, type ScheduleDto } from '../shared/schedule';
import { fieldMessageKey } from './field-messages';
import ui from './index';
import { ScheduleRow } from './schedules-page';
import { ComposerScheduleButton, ContactSchedulesSection } from './slots';

describe('the schedules UI entry', () => {
  it('is complete in four languages, error texts included', () => {
    expect(checkUiEntry(ui, { serverName: 'schedules', errors: schedulesErrors })).toEqual([]);
  });

  it('has a text for every message the schedule form can get', () => {
    const texts = en.fieldErrors as Record<string, string>;
    for (const m of [
      'Obrigatório',
      'Mensagem muito curta',
      'In the past',
      'Ends before it starts',
      'Unknown',
    ])
      expect(texts[fieldMessageKey(m).split('.')[1]]).toBeTruthy();
  });
});

const failed: ScheduleDto = {
  id: 7,
  contactId: 3,
  contact: { id: 3, name: 'Clara' },
  userId: 1,
  body: 'Lembrete: sua consulta é amanhã às 10h',
  sendAt: new Date(2026, 11, 1, 9, 4, 5).toISOString(),
  status: 'error',
  error: 'ERR_NO_DEF_WAPP_FOUND',
  sentAt: null,
  recurrence: 'none',
  recurrenceEnd: null,
  sentCount: 0,
  media: null,
  createdAt: '2026-11-29T12:00:00Z',
  updatedAt: '2026-11-29T12:00:00Z',
};
const row = (schedule: ScheduleDto) => (
  <table>
    <tbody>
      <ScheduleRow schedule={schedule} onEdit={() => {}} onDelete={() => {}} onRetry={() => {}} />
    </tbody>
  </table>
);

describe('a schedule in the list (spec part 2 §2)', () => {
  it('shows sendAt as DD/MM/YYYY HH:mm:ss in the browser zone', () => {
    expect(formatSendAt(new Date(2026, 11, 1, 9, 4, 5).toISOString())).toBe('01/12/2026 09:04:05');
    expect(formatSendAt(new Date(2027, 0, 31, 23, 59, 0).toISOString())).toBe('31/01/2027 23:59:00');
  });

  it('shows a failure with its reason in words and a retry; a sent one neither', async () => {
    const { html } = await renderInShell(ui, row(failed));
    expect(html).toContain('Clara');
    expect(html).toContain('Lembrete: sua consulta é ...');
    expect(html).toContain('01/12/2026 09:04:05');
    expect(html).toContain('Erro');
    expect(html).toContain('Motivo: a empresa não tem conexão padrão');
    expect(html).toContain('data-testid="schedule-retry"');
    // A code the screen has no words for still says which it was.
    expect((await renderInShell(ui, row({ ...failed, error: 'ERR_STRANGE' }))).html).toContain(
      'erro ERR_STRANGE',
    );
    const sent = await renderInShell(ui, row({ ...failed, status: 'sent', error: null, sentCount: 1 }));
    expect(sent.html).toContain('Enviada');
    expect(sent.html).not.toContain('data-testid="schedule-reason"');
    expect(sent.html).not.toContain('data-testid="schedule-retry"');
    expect(sent.html).not.toContain('data-testid="schedule-edit"');
  });
});

describe('"schedule a message" beside the conversation (issue 27)', () => {
  it('fills the composer actions and the contact drawer, under the plan flag', () => {
    expect(ui.slots?.['ticket.composer.actions']).toMatchObject({ planFlag: 'useSchedules' });
    expect(ui.slots?.['contact.drawer.sections']).toMatchObject({ planFlag: 'useSchedules' });
  });

  it('offers the button in both', async () => {
    const contact = { id: 3, name: 'Clara' } as ContactDto;
    const composer = { ticket: { id: 9, contact } } as unknown as ComposerApi;
    const inComposer = await renderInShell(
      ui,
      <ComposerContext.Provider value={composer}>
        <ComposerScheduleButton />
      </ComposerContext.Provider>,
      { language: 'en' },
    );
    expect(inComposer.html).toContain('data-testid="schedules-composer-button"');
    const inDrawer = await renderInShell(
      ui,
      <SlotContactContext.Provider value={contact}>
        <ContactSchedulesSection />
      </SlotContactContext.Provider>,
      { language: 'pt-BR' },
    );
    expect(inDrawer.html).toContain('data-testid="schedules-contact-section"');
    expect(inDrawer.html).toContain('Agendar mensagem');
  });
});
