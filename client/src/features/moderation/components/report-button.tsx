import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportDialog, type ReportTarget } from './report-dialog';
import '../moderation.css';

interface ReportButtonProps {
  targetType: ReportTarget;
  targetId: string;
  /** 'link': a small text button (a message's actions); 'button': a secondary button (a page). */
  look?: 'link' | 'button';
  /** What is reported, for screen readers ("Report this message from asha"). */
  label?: string;
}

/** A Report button that opens the report dialog for a user, a message or a product. */
export function ReportButton({ targetType, targetId, look = 'link', label }: ReportButtonProps) {
  const { t } = useTranslation('moderation');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={look === 'link' ? 'link-button report-button' : 'button button--secondary report-button'} aria-label={label} onClick={() => setOpen(true)}>
        {t(`report.open.${targetType}`)}
      </button>
      {open ? <ReportDialog targetType={targetType} targetId={targetId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
