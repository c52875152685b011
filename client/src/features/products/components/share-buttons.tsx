import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** docs/product.md#limits: the "copied" confirmation shows for 1.5 s. */
export const COPIED_MS = 1500;

/** A page's link to share: this site's, in the language the page is shown in (its preview is in that language too). */
export function shareUrl(path: string, language: string, origin = window.location.origin): string {
  return `${origin}${path}${language === 'hi' ? '?lang=hi' : ''}`;
}

/**
 * Share (the device's share sheet with the title, a line of text such as the price, and the link; else copy)
 * and copy link, with the 1.5 s confirmation. The link is this site's (made when tapped, so the page renders
 * the same on the server), in the page's language.
 */
export function ShareButtons({ title, text, path }: { title: string; text: string; path: string }) {
  const { t, i18n } = useTranslation('products');
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const flash = (text: string) => {
    if (timer.current) clearTimeout(timer.current);
    setMessage(text);
    timer.current = setTimeout(() => setMessage(null), COPIED_MS);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl(path, i18n.language));
      flash(t('page.copied'));
    } catch {
      flash(t('page.copyFailed'));
    }
  };

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url: shareUrl(path, i18n.language) });
      } catch {
        // Closing the share sheet is not an error worth showing.
      }
      return;
    }
    await copy();
  };

  return (
    <div className="share-buttons">
      <button type="button" className="button button--secondary" onClick={() => void share()}>
        {t('page.share')}
      </button>
      <button type="button" className="button button--secondary" onClick={() => void copy()}>
        {t('page.copyLink')}
      </button>
      <span role="status" className="share-buttons__status">
        {message}
      </span>
    </div>
  );
}
