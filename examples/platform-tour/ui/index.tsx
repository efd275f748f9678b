import { defineUiPlugin } from '@balcao/sdk/ui';
import { TOUR_LOCALES } from '../shared/locales';
import { TourPage } from './tour-page';

/**
 * The tour's UI: one page behind the flag the tour declares (`useTour`). Toggling the flag in a plan shows or hides
 * the menu entry for that plan's tenants at once (the shell hears the plan change live).
 */
export default defineUiPlugin({
  name: 'tour',
  pages: [
    {
      path: '/tour',
      component: TourPage,
      planFlag: 'useTour',
      menu: { labelKey: 'tour:menu', icon: 'map', section: 'main' },
    },
  ],
  locales: TOUR_LOCALES,
});
