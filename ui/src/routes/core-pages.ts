/** Pages the shell itself ships today; later issues add theirs here. */
export const CORE_PAGE_PATHS: readonly string[] = [
  '/',
  '/tickets/:ticketId?',
  '/contacts',
  '/tags',
  '/announcements',
  '/moments',
  '/connections',
  '/users',
  '/queues',
  '/settings/:tab?',
  '/companies',
  '/helps',
];
