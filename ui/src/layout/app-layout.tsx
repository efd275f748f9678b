import { Drawer } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ConnectionsFeed } from '../connections/connections-store';
import { isAdmin } from '../plugins/page-access';
import { UiHostProvider } from '../plugins/ui-host-provider';
import { RealtimeBridge } from '../realtime/realtime-bridge';
import { requireUser, userAtom } from '../session/session-store';
import { BrandMark } from './brand-mark';
import { ExpiryWarning } from './expiry-warning';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useIsNarrow } from './use-media-query';
import './layout.css';

/** Spec part 1 §2: drawer 240 px wide when open, temporary under 600 px, initial state from `defaultMenu`. */
export function AppLayout({ children }: { children: ReactNode }) {
  const user = requireUser(useAtomValue(userAtom));
  const narrow = useIsNarrow();
  const { pathname } = useLocation();
  // A temporary drawer starts closed: opened by default it would cover the whole phone screen.
  const [open, setOpen] = useState(() => !narrow && user.defaultMenu !== 'closed');

  const [shownPath, setShownPath] = useState(pathname);

  // The temporary drawer closes on every navigation (links, back button) and when the screen narrows.
  if (pathname !== shownPath) {
    setShownPath(pathname);
    if (narrow) setOpen(false);
  }
  useEffect(() => {
    if (narrow) setOpen(false);
  }, [narrow]);

  return (
    <UiHostProvider>
      <div className="app-shell">
        <TopBar menuOpen={open} onToggleMenu={() => setOpen((o) => !o)} />
        <div className="app-body">
          {narrow ? (
            <Drawer
              isOpen={open}
              onClose={() => setOpen(false)}
              position="left"
              size={240}
              title={<BrandMark />}
              className="side-drawer"
            >
              <SideMenu onNavigate={() => setOpen(false)} />
            </Drawer>
          ) : (
            <aside
              className={open ? 'side-nav' : 'side-nav side-nav--collapsed'}
              data-state={open ? 'open' : 'closed'}
            >
              <SideMenu collapsed={!open} />
            </aside>
          )}
          <main className="app-main">
            <ExpiryWarning />
            {children}
          </main>
        </div>
        <RealtimeBridge />
        {/* The connections page and the menu's warning are the admin's (spec part 1 §2). */}
        {isAdmin(user) && <ConnectionsFeed />}
      </div>
    </UiHostProvider>
  );
}
