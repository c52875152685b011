import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OperatorAccessDocument, RemoveReviewDocument, ReplyToReviewDocument, SellerReviewsDocument, type ReviewFieldsFragment } from '../../../graphql/generated';
import { formatDateTime } from '../../../lib/dates';
import { readServerError } from '../../../lib/graphql-errors';
import { Stars } from './stars';
import { FormError } from '../../../components/ui/form-error';

const PAGE = 10;

/**
 * A seller's reviews on their profile (docs/product.md#reviews): the average once 3 count, the reviews
 * newest first with the seller's answers; the seller answers each once here, and an operator may remove one.
 */
export function SellerReviews({ username, isSeller, isLoggedIn }: { username: string; isSeller: boolean; isLoggedIn: boolean }) {
  const { t } = useTranslation();
  const { data, fetchMore, refetch } = useQuery(SellerReviewsDocument, { variables: { username, limit: PAGE, offset: 0 }, fetchPolicy: 'cache-and-network' });
  const operator = useQuery(OperatorAccessDocument, { skip: !isLoggedIn || isSeller });
  const page = data?.sellerReviews;
  if (!page) return null;
  const more = () =>
    void fetchMore({
      variables: { offset: page.items.length },
      updateQuery: (prev, { fetchMoreResult }) =>
        fetchMoreResult ? { sellerReviews: { ...fetchMoreResult.sellerReviews, items: [...prev.sellerReviews.items, ...fetchMoreResult.sellerReviews.items] } } : prev,
    });
  return (
    <section className="seller-reviews" aria-labelledby="seller-reviews-title">
      <h2 id="seller-reviews-title">{t('reviews.title')}</h2>
      {page.ratingAverage !== null && page.ratingAverage !== undefined ? (
        <p className="seller-reviews__average">
          <Stars rating={page.ratingAverage} /> {t('reviews.average', { average: page.ratingAverage.toFixed(1) })} · {t('reviews.count', { count: page.reviewCount })}
        </p>
      ) : page.reviewCount > 0 ? (
        <p className="seller-profile__meta">
          {t('reviews.count', { count: page.reviewCount })}. {t('reviews.averageLater')}
        </p>
      ) : (
        <p>{t('reviews.none')}</p>
      )}
      {page.items.length ? (
        <ol className="seller-reviews__list">
          {page.items.map((r) => (
            <li key={r.id}>
              <ReviewItem review={r} canAnswer={isSeller && !r.reply} canRemove={operator.data?.isOperator === true} onRemoved={() => void refetch()} />
            </li>
          ))}
        </ol>
      ) : null}
      {page.items.length < page.totalCount ? (
        <button type="button" className="button button--secondary" onClick={more}>
          {t('reviews.more')}
        </button>
      ) : null}
    </section>
  );
}

function ReviewItem({ review: r, canAnswer, canRemove, onRemoved }: { review: ReviewFieldsFragment; canAnswer: boolean; canRemove: boolean; onRemoved: () => void }) {
  const { t, i18n } = useTranslation();
  const name = r.buyerName || t('reviews.deletedBuyer');
  return (
    <article className="review" aria-label={t('reviews.by', { name, date: formatDateTime(r.createdAt, i18n.language) })}>
      <p className="review__head">
        <Stars rating={r.rating} /> <strong>{name}</strong> · <time dateTime={String(r.createdAt)}>{formatDateTime(r.createdAt, i18n.language)}</time>
        {r.editedAt ? ` · ${t('reviews.edited')}` : ''}
      </p>
      <p className="review__meta">{t('reviews.forProduct', { title: r.productTitle })}</p>
      {r.text ? <p className="review__text">{r.text}</p> : null}
      {r.reply ? (
        <blockquote className="review__reply">
          <p className="review__meta">{t('reviews.sellerAnswer')}</p>
          <p>{r.reply}</p>
        </blockquote>
      ) : null}
      {canAnswer ? <AnswerForm review={r} name={name} /> : null}
      {canRemove ? <RemoveForm reviewId={r.id} onRemoved={onRemoved} /> : null}
    </article>
  );
}

function AnswerForm({ review, name }: { review: ReviewFieldsFragment; name: string }) {
  const { t } = useTranslation();
  const [reply, { loading }] = useMutation(ReplyToReviewDocument);
  return (
    <NoteForm
      openLabel={t('reviews.answer')}
      openClassName="button button--secondary"
      label={t('reviews.answerLabel', { name })}
      rows={3}
      submitLabel={t('reviews.send')}
      submitClassName="button button--primary"
      loading={loading}
      send={async (text) => void (await reply({ variables: { reviewId: review.id, text } }))}
    />
  );
}

function RemoveForm({ reviewId, onRemoved }: { reviewId: string; onRemoved: () => void }) {
  const { t } = useTranslation();
  const [remove, { loading }] = useMutation(RemoveReviewDocument);
  return (
    <NoteForm
      openLabel={t('reviews.remove')}
      openClassName="link-button"
      label={t('reviews.removeNote')}
      rows={2}
      submitLabel={t('reviews.removeConfirm')}
      submitClassName="button button--secondary"
      loading={loading}
      cancellable
      send={async (note) => {
        await remove({ variables: { reviewId, note } });
        onRemoved();
      }}
    />
  );
}

interface NoteFormProps {
  openLabel: string;
  openClassName: string;
  label: string;
  rows: number;
  submitLabel: string;
  submitClassName: string;
  loading: boolean;
  cancellable?: boolean;
  send: (text: string) => Promise<void>;
}

/** A button that opens a one-text form (the seller's answer, an operator's removal note); a refusal shows in it. */
function NoteForm({ openLabel, openClassName, label, rows, submitLabel, submitClassName, loading, cancellable, send }: NoteFormProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!open) {
    return (
      <button type="button" className={openClassName} onClick={() => setOpen(true)}>
        {openLabel}
      </button>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await send(text);
    } catch (err) {
      setError(readServerError(err).message ?? t('reviews.failed'));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="review-panel">
      <label className="review-panel__text">
        {label}
        <textarea value={text} maxLength={1000} rows={rows} onChange={(e) => setText(e.target.value)} />
      </label>
      <FormError message={error} />
      <button type="submit" className={submitClassName} disabled={loading}>
        {submitLabel}
      </button>
      {cancellable ? (
        <button type="button" className="link-button" onClick={() => setOpen(false)}>
          {t('reviews.cancel')}
        </button>
      ) : null}
    </form>
  );
}
