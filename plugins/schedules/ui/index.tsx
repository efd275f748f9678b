import { defineUiPlugin } from '@balcao/sdk/ui';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ptBR from '../locales/pt-BR.json';
import tr from '../locales/tr.json';
import { SchedulesPage } from './schedules-page';
import { ComposerScheduleButton, ContactSchedulesSection } from './slots';

/** Scheduled messages: the /schedules page, a composer button and a contact drawer section (plans with useSchedules). */
export default defineUiPlugin({
  name: 'schedules',
  pages: [
    {
      path: '/schedules',
      component: SchedulesPage,
      planFlag: 'useSchedules',
      menu: { labelKey: 'schedules:menu', icon: 'time', section: 'main' },
    },
  ],
  slots: {
    'ticket.composer.actions': { component: ComposerScheduleButton, planFlag: 'useSchedules' },
    'contact.drawer.sections': { component: ContactSchedulesSection, planFlag: 'useSchedules' },
  },
  locales: { en, es, 'pt-BR': ptBR, tr },
});
