import { useLazyQuery, useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EditReviewDocument, OrderReviewDocument, ReviewOrderDocument, type ReviewFieldsFragment } from '../../../graphql/generated';
import { formatDateTime } from '../../../lib/dates';
import { readServerError } from '../../../lib/graphql-errors';
import { Stars } from './stars';
import '../profiles.css';
import { FormError } from '../../../components/ui/form-error';

/**
 * A delivered order's review, on the buyer's orders page (docs/product.md#reviews): 'Review this order'
 * opens the form (1-5 stars, optional text); a review already written is shown, with its form again
 * while it may still be changed (48 hours).
 */
export function ReviewPanel({ orderId, displayId }: { orderId: string; displayId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [load, { data, loading }] = useLazyQuery(OrderReviewDocument, { fetchPolicy: 'network-only' });
  const [saved, setSaved] = useState<ReviewFieldsFragment | null>(null);
  const review = saved ?? data?.orderReview ?? null;
  if (!open) {
    return (
      <button
        type="button"
        className="button button--secondary"
        aria-label={t('reviews.writeLabel', { id: displayId })}
        onClick={() => {
          setOpen(true);
          void load({ variables: { orderId } });
        }}
      >
        {t('reviews.write')}
      </button>
    );
  }
  if (loading && !data) return <p role="status">…</p>;
  return <ReviewForm orderId={orderId} review={review} onSaved={setSaved} />;
}

function ReviewForm({ orderId, review, onSaved }: { orderId: string; review: ReviewFieldsFragment | null; onSaved: (r: ReviewFieldsFragment) => void }) {
  const { t, i18n } = useTranslation();
  const editable = !review || Date.now() < new Date(String(review.editableUntil)).getTime();
  const [editing, setEditing] = useState(!review);
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [text, setText] = useState(review?.text ?? '');
  const [error, setError] = useState<string | null>(null);
  const [thanks, setThanks] = useState(false);
  const [write, writing] = useMutation(ReviewOrderDocument);
  const [edit, changing] = useMutation(EditReviewDocument);
  const busy = writing.loading || changing.loading;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (rating < 1) return setError(t('reviews.chooseRating'));
    setError(null);
    try {
      const input = { rating, text: text.trim() || null };
      const res = review ? await edit({ variables: { reviewId: review.id, input } }) : await write({ variables: { orderId, input } });
      const done = res.data && ('reviewOrder' in res.data ? res.data.reviewOrder : res.data.editReview);
      if (done) {
        onSaved(done);
        setEditing(false);
        setThanks(true);
      }
    } catch (err) {
      setError(readServerError(err).message ?? t('reviews.failed'));
    }
  };

  if (review && !editing) {
    return (
      <div className="review-panel">
        {thanks ? <p role="status">{t('reviews.thanks')}</p> : null}
        <p>
          {t('reviews.yours', { stars: '' })}
          <Stars rating={review.rating} />
        </p>
        {review.text ? <p className="review__text">{review.text}</p> : null}
        {editable ? (
          <>
            <p className="review__meta">{t('reviews.editableUntil', { time: formatDateTime(review.editableUntil, i18n.language) })}</p>
            <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
              {t('reviews.edit')}
            </button>
          </>
        ) : null}
      </div>
    );
  }
  return (
    <form className="review-panel" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="review-stars">
        <legend>{t('reviews.yourRating')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="review-stars__option">
            <input type="radio" name={`rating-${orderId}`} value={n} checked={rating === n} aria-label={t('reviews.star', { count: n })} onChange={() => setRating(n)} />
            <span aria-hidden="true">{'★'.repeat(n)}</span>
          </label>
        ))}
      </fieldset>
      <label className="review-panel__text">
        {t('reviews.text')}
        <textarea value={text} maxLength={2000} rows={3} onChange={(e) => setText(e.target.value)} />
      </label>
      <FormError message={error} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {review ? t('reviews.save') : t('reviews.submit')}
      </button>
    </form>
  );
}
