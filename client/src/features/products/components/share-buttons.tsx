import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** docs/product.md#limits: the "copied" confirmation shows for 1.5 s. */
export const COPIED_MS = 1500;

/** Share (the device's share sheet, else copy) and copy link, with the 1.5 s confirmation. */
export function ShareButtons({ title, url }: { title: string; url: string }) {
  const { t } = useTranslation('products');
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
      await navigator.clipboard.writeText(url);
      flash(t('page.copied'));
    } catch {
      flash(t('page.copyFailed'));
    }
  };

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
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
