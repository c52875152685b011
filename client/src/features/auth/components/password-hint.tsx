import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES } from '../utils/auth-validation';

/** The checklist shown while the signup password field has focus; ticks rules off as they are met. */
export function PasswordHint({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation('auth');
  return (
    <div id={id} className="password-hint">
      <p className="password-hint__title">{t('passwordHint.title')}</p>
      <ul className="password-hint__list">
        {PASSWORD_RULES.map(({ key, test }) => {
          const met = test(password);
          return (
            <li key={key} className={met ? 'password-hint__rule password-hint__rule--met' : 'password-hint__rule'}>
              <span aria-hidden="true" className="password-hint__mark">
                {met ? '✓' : '•'}
              </span>
              {t(`passwordHint.${key}`)}
              <span className="visually-hidden">
                {' '}
                ({met ? t('passwordHint.met') : t('passwordHint.unmet')})
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
