import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OperatorConsoleDocument, type OperatorActionFieldsFragment, type OperatorReportFieldsFragment } from '../../../graphql/generated';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { formatDayTime } from '../../../lib/dates';
import { ResolveForm, UnsuspendForm } from './operator-actions';
import '../moderation.css';

/** '28 Nov, 6:12 am' / '28 नव॰, सुबह 6:12' (the app's own clock words in Hindi). */
const when = formatDayTime;
const day = (value: unknown, language: string) => new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(String(value)));

/**
 * The operator console (/operator): open reports with their context and the actions on them, and the
 * audit log. The place operator pages live: later ones join the nav at the top.
 */
export function OperatorConsole() {
  const { t } = useTranslation('moderation');
  usePageTitle(t('console.title'));
  const { data, loading, error, refetch } = useQuery(OperatorConsoleDocument, { variables: { limit: 20 }, fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: true });
  const reload = () => void refetch();
  return (
    <section className="page operator-console" aria-labelledby="operator-title">
      <h1 id="operator-title">{t('console.title')}</h1>
      <nav aria-label={t('console.pages')} className="operator-console__nav">
        <a href="#operator-reports">{t('console.reports')}</a>
        <a href="#operator-log">{t('console.log')}</a>
        {/* Bull Board, a page of the server's own (a full page load, outside the app). */}
        <a href="/operator/queues">{t('console.queues')}</a>
      </nav>
      {error && !data ? (
        <div role="alert" className="form-error">
          <p>{t('console.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={reload}>
            {t('console.retry')}
          </button>
        </div>
      ) : null}
      {loading && !data ? <p role="status">{t('console.loading')}</p> : null}
      {data ? (
        <>
          <section aria-labelledby="operator-reports">
            <h2 id="operator-reports">{t('console.openReports', { count: data.operatorReports.open })}</h2>
            {data.operatorReports.reports.length ? (
              <ol className="op-reports">
                {data.operatorReports.reports.map((r) => (
                  <li key={r.id}>
                    <ReportCard report={r} onDone={reload} />
                  </li>
                ))}
              </ol>
            ) : (
              <p>{t('console.noReports')}</p>
            )}
          </section>
          <section aria-labelledby="operator-log">
            <h2 id="operator-log">{t('console.log')}</h2>
            {data.operatorActions.length ? (
              <ol className="op-log">
                {data.operatorActions.map((a) => (
                  <li key={a.id}>
                    <AuditEntry action={a} />
                  </li>
                ))}
              </ol>
            ) : (
              <p>{t('console.noActions')}</p>
            )}
          </section>
        </>
      ) : null}
    </section>
  );
}

function ReportCard({ report: r, onDone }: { report: OperatorReportFieldsFragment; onDone: () => void }) {
  const { t, i18n } = useTranslation('moderation');
  const u = r.targetUser;
  return (
    <article className="op-report" aria-label={t('console.reportLabel', { reason: t(`reasons.${r.reason as 'spam'}`), username: u.username })}>
      <p className="op-report__head">
        <strong>{t(`reasons.${r.reason as 'spam'}`)}</strong> · {t(`console.target.${r.targetType as 'user'}`)} · {when(r.createdAt, i18n.language)} ·{' '}
        {t('console.by', { username: r.reporterUsername })}
      </p>
      {r.text ? <blockquote className="op-report__text">{r.text}</blockquote> : null}
      {r.messages.length ? (
        <ol className="op-thread" aria-label={t('console.thread')}>
          {r.messages.map((m) => (
            <li key={m.id} className={m.reported ? 'op-thread__reported' : undefined}>
              <strong>{m.senderUsername}</strong>: {m.content}
              {m.reported ? <span className="visually-hidden"> ({t('console.reported')})</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {r.product ? (
        <p>
          {t('console.product')}: <Link to={`/product/${r.product.id}`}>{r.product.title}</Link> ({r.product.held ? t('console.held') : r.product.deleted ? t('console.deleted') : r.product.enabled ? t('console.on') : t('console.off')})
        </p>
      ) : null}
      <div className="op-user">
        <p>
          {t('console.about', { username: u.username, since: day(u.memberSince, i18n.language) })} {t('console.reportsAgainst', { count: u.reportsAgainst, open: u.openReportsAgainst })}
          {u.suspended ? <strong className="op-user__suspended"> {t('console.suspended')}</strong> : null}
        </p>
        {u.actions.length ? (
          <ul className="op-user__history" aria-label={t('console.history')}>
            {u.actions.map((a) => (
              <li key={a.id}>
                <AuditEntry action={a} />
              </li>
            ))}
          </ul>
        ) : null}
        {u.suspended ? <UnsuspendForm userId={u.id} username={u.username} onDone={onDone} /> : null}
      </div>
      <ResolveForm report={r} onDone={onDone} />
    </article>
  );
}

function AuditEntry({ action: a }: { action: OperatorActionFieldsFragment }) {
  const { t, i18n } = useTranslation('moderation');
  return (
    <span className="op-entry">
      <time dateTime={String(a.createdAt)}>{when(a.createdAt, i18n.language)}</time> · {a.operatorUsername} · <strong>{t(`actions.${a.action as 'dismiss'}`)}</strong>
      {a.targetUsername ? ` · ${a.targetUsername}` : ''}
      {a.productTitle ? ` · ${a.productTitle}` : ''} — {a.note}
    </span>
  );
}
