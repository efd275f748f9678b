import { HelpsScreen } from '../helps/helps-screen';

/** /helps — the help videos, for every signed-in user. */
export function HelpsPage() {
  return <HelpsScreen />;
}
