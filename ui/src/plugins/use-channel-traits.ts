import type { ChannelTraits } from '@balcao/sdk';
import { useAtomValue } from 'jotai';
import { channelTraitsAtom, traitsOf } from './plugin-store';

/** A channel's traits (declared by its plugin, else the defaults). @example useChannelTraits(ticket.channel).groups */
export function useChannelTraits(kind: string): ChannelTraits {
  return traitsOf(useAtomValue(channelTraitsAtom), kind);
}
