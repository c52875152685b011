import { useLazyQuery, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatTranslationAvailableDocument, TranslateChatMessageDocument, type ChatMessageFieldsFragment } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';

/**
 * 'Translate' under the other side's message (docs/product.md#translation), when the server translates: text in
 * Devanagari into English, other text (English, Hinglish) into the page's language; the translation shows under
 * the original, which stays, and one more tap hides it again.
 */
export function MessageTranslation({ message: m }: { message: ChatMessageFieldsFragment }) {
  const { t, i18n } = useTranslation('chat');
  const available = useQuery(ChatTranslationAvailableDocument);
  const [load, { data, loading, error }] = useLazyQuery(TranslateChatMessageDocument);
  const [shown, setShown] = useState(false);
  const text = m.kind === 'voice' ? m.voiceNote?.transcript : m.kind === 'text' ? m.content : null;
  if (!available.data?.chatTranslationAvailable || m.mine || !text?.trim()) return null;
  const target = /[\u0900-\u097F]/.test(text) ? 'en' : i18n.language === 'hi' ? 'hi' : 'en';
  const toggle = () => {
    if (shown) return setShown(false);
    setShown(true);
    void load({ variables: { messageId: m.id, language: target } });
  };
  return (
    <div className="bubble__translation">
      {shown && data ? (
        <p className="bubble__text bubble__translated" lang={target}>
          <span className="visually-hidden">{t('translation.label')} </span>
          {data.translateChatMessage.text}
        </p>
      ) : null}
      {shown && error ? (
        <p className="form-error" role="alert">
          {readServerError(error).message ?? t('translation.failed')}
        </p>
      ) : null}
      <button type="button" className="link-button" aria-expanded={shown} onClick={toggle} disabled={loading}>
        {shown ? t('translation.hide') : t('translation.translate')}
      </button>
    </div>
  );
}
