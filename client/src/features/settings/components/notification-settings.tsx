import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationSettingsDocument, SaveNotificationPreferencesDocument, type NotificationPreferencesInput } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { FormEnd } from './form-end';
import { usePushDevice } from './use-push-device';

const KINDS = ['order', 'message', 'quote', 'requirement'] as const;
type Kind = (typeof KINDS)[number];

/** A checkbox with its label (and hint), one row. */
function Toggle(props: { id: string; label: string; hint?: string; checked: boolean; disabled?: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="settings-toggle">
      <input id={props.id} type="checkbox" checked={props.checked} disabled={props.disabled} onChange={(e) => props.onChange(e.target.checked)} aria-describedby={props.hint ? `${props.id}-hint` : undefined} />
      <label htmlFor={props.id}>{props.label}</label>
      {props.hint ? (
        <p id={`${props.id}-hint`} className="settings-toggle__hint">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

/** Strips GraphQL's __typename so the preferences go back as the input they are. */
function asInput(p: NotificationPreferencesInput): NotificationPreferencesInput {
  const kind = (k: Kind) => ({ push: p.kinds[k].push, whatsapp: p.kinds[k].whatsapp, email: p.kinds[k].email });
  return {
    enabled: p.enabled,
    whatsappOptIn: p.whatsappOptIn,
    urgentInQuietHours: p.urgentInQuietHours,
    quietHours: { enabled: p.quietHours.enabled, from: p.quietHours.from, to: p.quietHours.to },
    kinds: { order: kind('order'), message: kind('message'), quote: kind('quote'), requirement: kind('requirement') },
  };
}

/**
 * The Notifications section of /settings (docs/product.md#notifications): push on this device (with the
 * browser's permission state), WhatsApp alerts, what comes on which channel (push, WhatsApp, the email digest of
 * what stayed unread for 15 minutes), quiet hours, one switch for all.
 */
export function NotificationSettings() {
  const { t } = useTranslation('settings');
  const { data, refetch } = useQuery(NotificationSettingsDocument, { fetchPolicy: 'cache-and-network' });
  const [save, { loading: saving }] = useMutation(SaveNotificationPreferencesDocument);
  const [prefs, setPrefs] = useState<NotificationPreferencesInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pushError, setPushError] = useState<string | null>(null);
  const device = usePushDevice(() => void refetch());
  const settings = data?.notificationSettings;

  useEffect(() => {
    if (settings && !prefs) setPrefs(asInput(settings.preferences));
  }, [settings, prefs]);

  if (!settings || !prefs) return null;
  const update = (change: Partial<NotificationPreferencesInput>) => {
    setNotice(null);
    setPrefs({ ...prefs, ...change });
  };
  const setChannel = (kind: Kind, channel: 'push' | 'whatsapp' | 'email', on: boolean) => update({ kinds: { ...prefs.kinds, [kind]: { ...prefs.kinds[kind], [channel]: on } } });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const saved = await save({ variables: { input: asInput(prefs) } });
      if (saved.data) setPrefs(asInput(saved.data.saveNotificationPreferences.preferences));
      setNotice(t('notifications.saved'));
    } catch (failure) {
      setError(readServerError(failure).message ?? t('notifications.failed'));
    }
  };

  const pushAction = async (on: boolean) => {
    setPushError(null);
    try {
      await (on ? device.turnOn() : device.turnOff());
    } catch {
      setPushError(t('notifications.push.failed'));
    }
  };

  return (
    <section className="settings-section" aria-labelledby="settings-notifications">
      <h2 id="settings-notifications" className="settings-section__title">
        {t('notifications.title')}
      </h2>
      <div className="settings-push" role="group" aria-labelledby="settings-push-title">
        <h3 id="settings-push-title" className="settings-subtitle">
          {t('notifications.push.title')}
        </h3>
        <p className="settings-toggle__hint" aria-live="polite">
          {!settings.pushAvailable ? t('notifications.push.unavailable') : t(`notifications.push.state.${device.state}`)}
        </p>
        {settings.pushAvailable && device.state === 'off' ? (
          <button type="button" className="button button--primary" onClick={() => void pushAction(true)}>
            {t('notifications.push.turnOn')}
          </button>
        ) : null}
        {settings.pushAvailable && device.state === 'on' ? (
          <button type="button" className="button button--secondary" onClick={() => void pushAction(false)}>
            {t('notifications.push.turnOff')}
          </button>
        ) : null}
        {pushError ? (
          <p className="form-error" role="alert">
            {pushError}
          </p>
        ) : null}
      </div>

      <form className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Toggle id="notify-enabled" label={t('notifications.enabled')} hint={t('notifications.enabledHint')} checked={prefs.enabled} onChange={(on) => update({ enabled: on })} />
        <Toggle
          id="notify-whatsapp"
          label={t('notifications.whatsappOptIn')}
          hint={settings.whatsappNumber ? t('notifications.whatsappTo', { number: settings.whatsappNumber }) : t('notifications.whatsappVerifyFirst')}
          checked={prefs.whatsappOptIn}
          disabled={!prefs.enabled}
          onChange={(on) => update({ whatsappOptIn: on })}
        />
        <fieldset className="settings-kinds" disabled={!prefs.enabled}>
          <legend>{t('notifications.whatComes')}</legend>
          <p className="settings-toggle__hint">{t('notifications.emailHint')}</p>
          {KINDS.map((kind) => (
            <div key={kind} className="settings-kind" role="group" aria-labelledby={`notify-${kind}-name`}>
              <span id={`notify-${kind}-name`} className="settings-kind__name">
                {t(`notifications.kinds.${kind}`)}
              </span>
              <Toggle id={`notify-${kind}-push`} label={t('notifications.channels.push')} checked={prefs.kinds[kind].push} onChange={(on) => setChannel(kind, 'push', on)} />
              <Toggle
                id={`notify-${kind}-whatsapp`}
                label={t('notifications.channels.whatsapp')}
                checked={prefs.kinds[kind].whatsapp}
                disabled={!prefs.whatsappOptIn}
                onChange={(on) => setChannel(kind, 'whatsapp', on)}
              />
              <Toggle id={`notify-${kind}-email`} label={t('notifications.channels.email')} checked={prefs.kinds[kind].email ?? false} onChange={(on) => setChannel(kind, 'email', on)} />
            </div>
          ))}
        </fieldset>
        <fieldset className="settings-kinds" disabled={!prefs.enabled}>
          <legend>{t('notifications.quiet.title')}</legend>
          <Toggle
            id="notify-quiet"
            label={t('notifications.quiet.enabled')}
            hint={t('notifications.quiet.hint')}
            checked={prefs.quietHours.enabled}
            onChange={(on) => update({ quietHours: { ...prefs.quietHours, enabled: on } })}
          />
          <div className="settings-quiet-times">
            {(['from', 'to'] as const).map((end) => (
              <div key={end} className="field">
                <label className="field__label" htmlFor={`notify-quiet-${end}`}>
                  {t(`notifications.quiet.${end}`)}
                </label>
                <input
                  id={`notify-quiet-${end}`}
                  className="field__input"
                  type="time"
                  step={60}
                  value={prefs.quietHours[end]}
                  disabled={!prefs.quietHours.enabled}
                  onChange={(e) => update({ quietHours: { ...prefs.quietHours, [end]: e.target.value } })}
                />
              </div>
            ))}
          </div>
          <Toggle id="notify-urgent" label={t('notifications.quiet.urgent')} checked={prefs.urgentInQuietHours} onChange={(on) => update({ urgentInQuietHours: on })} />
        </fieldset>
        <FormEnd loading={saving} message={error} notice={notice} save={t('notifications.save')} saving={t('notifications.saving')} />
      </form>
    </section>
  );
}
