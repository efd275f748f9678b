// The tour's texts, for its UI entry and for the server (the plan flag's label in GET /api/plugins). English is the
// reference; typing the others by its keys makes a missing translation a compile error.
const en = {
  planFlag: 'Platform tour',
  menu: 'Tour',
  title: 'Platform tour',
  body: 'This page and its menu entry show only while the plan has the "Platform tour" flag.',
};
type Messages = Record<keyof typeof en, string>;

const ptBR: Messages = {
  planFlag: 'Tour da plataforma',
  menu: 'Tour',
  title: 'Tour da plataforma',
  body: 'Esta página e seu item de menu aparecem só enquanto o plano tiver o recurso "Tour da plataforma".',
};

const es: Messages = {
  planFlag: 'Recorrido por la plataforma',
  menu: 'Recorrido',
  title: 'Recorrido por la plataforma',
  body: 'Esta página y su entrada de menú solo aparecen mientras el plan tenga la función "Recorrido por la plataforma".',
};

const tr: Messages = {
  planFlag: 'Platform turu',
  menu: 'Tur',
  title: 'Platform turu',
  body: 'Bu sayfa ve menü girişi yalnızca plan "Platform turu" özelliğine sahipken görünür.',
};

/** The tour's translations by language (i18next namespace `tour`). */
export const TOUR_LOCALES = { en, 'pt-BR': ptBR, es, tr };
