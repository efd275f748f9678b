import { Button, PopoverNext, Slider } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { volumeAtom } from '../theme/theme-atoms';

const icon = (volume: number) => (volume === 0 ? 'volume-off' : volume < 0.5 ? 'volume-down' : 'volume-up');

/** Notification volume, 0 to 1 in steps of 0.1, stored locally under `volume`. */
export function VolumeControl() {
  const { t } = useTranslation();
  const [volume, setVolume] = useAtom(volumeAtom);
  const content = (
    <div className="volume-popover" data-testid="volume-slider">
      <Slider
        min={0}
        max={1}
        stepSize={0.1}
        labelStepSize={0.5}
        value={volume}
        onChange={(value) => setVolume(Math.round(value * 10) / 10)}
        labelRenderer={(value) => `${Math.round(value * 100)}%`}
        handleHtmlProps={{ 'aria-label': t('topbar.volume') }}
      />
    </div>
  );
  return (
    <PopoverNext content={content} placement="bottom">
      <Button
        variant="minimal"
        icon={icon(volume)}
        aria-label={t('topbar.volume')}
        title={t('topbar.volume')}
        data-testid="volume-button"
        data-volume={volume}
      />
    </PopoverNext>
  );
}
