import { useAtom } from 'jotai';
import { useCompanySettingEnabled } from '../../session/company-settings';
import { signMessageAtom } from './ticket-store';

/**
 * The signature toggle (spec part 1 §2, remembered locally): offered only while the company signs messages
 * (sendSignMessage); `sign` is what goes with a message.
 */
export function useSignMessage(): { offered: boolean; sign: boolean; setSign(on: boolean): void } {
  const offered = useCompanySettingEnabled('sendSignMessage');
  const [chosen, setSign] = useAtom(signMessageAtom);
  return { offered, sign: offered && chosen, setSign };
}
