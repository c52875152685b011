import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';

/** The inquiry overlay's first step (docs/product.md#screens-and-routes); the inquiry itself comes with a later issue. */
export function InquiryPlaceholder({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('products');
  const titleId = useId();
  const [chosen, setChosen] = useState(false);
  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <div className="inquiry-placeholder">
        <h2 id={titleId}>{t('inquiry.title')}</h2>
        {chosen ? (
          <p role="status">{t('inquiry.comingSoon')}</p>
        ) : (
          <>
            <p>{t('inquiry.prompt')}</p>
            <div className="inquiry-placeholder__choices">
              <button type="button" className="button button--primary" onClick={() => setChosen(true)}>
                {t('inquiry.voice')}
              </button>
              <button type="button" className="button button--primary" onClick={() => setChosen(true)}>
                {t('inquiry.type')}
              </button>
            </div>
          </>
        )}
        <button type="button" className="button button--secondary" onClick={chosen ? () => setChosen(false) : onClose}>
          {t('inquiry.back')}
        </button>
      </div>
    </Modal>
  );
}
