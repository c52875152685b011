import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '../../../lib/i18n';
import './language-toggle.css';

/** English / हिन्दी switch; each name is written in its own script so everyone can find theirs. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const active = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;

  return (
    <div className="language-toggle" role="group" aria-label={t('language.label')}>
      {SUPPORTED_LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="language-toggle__option"
          aria-pressed={language === active}
          onClick={() => void changeLanguage(language)}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </div>
  );
}
