import type { HelpDto } from '@balcao/sdk';
import { Card, Dialog, H3, H5, Icon } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchHelps } from '../companies/admin-api';
import { useAdminList } from '../companies/use-admin-list';
import '../companies/companies.css';

/** YouTube's still of a video, and its privacy-enhanced player. */
export const helpThumbnail = (video: string) =>
  `https://i.ytimg.com/vi/${encodeURIComponent(video)}/hqdefault.jpg`;
export const helpEmbed = (video: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video)}?autoplay=1`;

/** The video's still, or a placeholder when it cannot load (offline, a removed video, a blocked host). */
function HelpThumbnail({ help }: { help: HelpDto }) {
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <div className="helps-card__placeholder" data-testid="help-thumbnail-placeholder">
        <Icon icon="video" size={40} />
      </div>
    );
  return (
    <img src={helpThumbnail(help.video)} alt={help.title} loading="lazy" onError={() => setFailed(true)} />
  );
}

/**
 * /helps (spec part 2 "Help videos"): a grid of video cards (thumbnail, title, description); a card opens its video in
 * a modal, which Escape closes.
 */
export function HelpsScreen() {
  const { t } = useTranslation();
  const { rows, loading } = useAdminList(fetchHelps, 'companies.loadError');
  const [playing, setPlaying] = useState<HelpDto | null>(null);

  return (
    <div className="list-screen" data-testid="helps-screen">
      <header className="page-header">
        <H3 className="page-header__title">{t('helps.title')}</H3>
      </header>
      <div className="list-screen__body">
        <div className="helps-grid">
          {rows.map((h) => (
            <Card
              key={h.id}
              interactive
              className="helps-card"
              onClick={() => setPlaying(h)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') setPlaying(h);
              }}
              tabIndex={0}
              role="button"
              aria-label={h.title}
              data-testid={`help-card-${h.id}`}
            >
              <HelpThumbnail help={h} />
              <div className="helps-card__text">
                <H5>{h.title}</H5>
                <p className="bp6-text-muted">{h.description}</p>
              </div>
            </Card>
          ))}
        </div>
        {!loading && rows.length === 0 && (
          <p className="bp6-text-muted list-screen__empty">{t('helps.empty')}</p>
        )}
      </div>
      <Dialog
        isOpen={playing !== null}
        onClose={() => setPlaying(null)}
        canEscapeKeyClose
        title={playing?.title}
        className="helps-video"
        data-testid="help-video-modal"
      >
        {playing && (
          <iframe
            src={helpEmbed(playing.video)}
            title={playing.title}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            // The page sends no referrer; YouTube's player needs the origin to play embedded.
            referrerPolicy="strict-origin-when-cross-origin"
            data-testid="help-video-frame"
          />
        )}
      </Dialog>
    </div>
  );
}
