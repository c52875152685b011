import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { preloadable } from '../../../components/lazy/preloadable';
import { CameraIcon, CloseIcon, KeyboardIcon, MicIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { SearchAssistant } from './search-assistant';
import './search.css';
import './search-results.css';

/** How the overlay was opened: the assistant by voice or by text, or the photo search. */
export type SearchMode = 'voice' | 'text' | 'image';

const MODE_ICONS = { voice: MicIcon, text: KeyboardIcon, image: CameraIcon } as const;

// Not part of the first page (bench/README.md#first-load-on-a-phone): fetched once the overlay is open, one tap away.
const ImageSearch = preloadable(() => import('./image-search').then((m) => m.ImageSearch));

/**
 * The search overlay: the assistant (typed or spoken) or photo search. Escape, an outside
 * click or the close button end it; opening a product hides it until the buyer comes back.
 */
export function SearchOverlay(props: { mode: SearchMode; query?: string | null; productId?: string | null; onClose: () => void }) {
  const { mode, query = null, productId = null, onClose } = props;
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [view, setView] = useState<'assistant' | 'image'>(mode === 'image' ? 'image' : 'assistant');
  const Icon = MODE_ICONS[view === 'image' ? 'image' : mode === 'image' ? 'text' : mode];

  // The product page records the view (for recommendations), however the buyer got there.
  // A card's Buy opens the product page's buy flow (route state, read by ProductRoute).
  const buyProduct = (id: string) => navigate(`/product/${id}`, { state: { openBuy: true } });
  useEffect(() => {
    void ImageSearch.preload().catch(() => undefined);
  }, []);

  return (
    <Modal id="search-overlay" labelledBy="search-overlay-title" onClose={onClose}>
      <div className="search-overlay__header">
        <h2 id="search-overlay-title" className="search-overlay__title">
          <Icon className="search-overlay__icon" />
          {view === 'image' ? t('overlay.image.title') : t(`overlay.${mode === 'voice' ? 'voice' : 'text'}.title`)}
        </h2>
        <div className="search-overlay__actions">
          <button type="button" className="button button--ghost" onClick={() => setView(view === 'image' ? 'assistant' : 'image')}>
            {view === 'image' ? t('overlay.toAssistant') : t('overlay.toImage')}
          </button>
          <button type="button" className="icon-button" onClick={onClose}>
            <CloseIcon />
            <span className="visually-hidden">{t('overlay.close')}</span>
          </button>
        </div>
      </div>
      {view === 'image' ? (
        <Suspense fallback={null}>
          <ImageSearch onBuyProduct={buyProduct} />
        </Suspense>
      ) : (
        <SearchAssistant startListening={mode === 'voice'} initialQuery={query} productId={productId} onBuyProduct={buyProduct} onOpenPage={onClose} />
      )}
    </Modal>
  );
}
