import type { EndpointInput } from '@wps/contract/endpoints';
import type { FcmConfigView } from '@wps/contract/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { errorText } from '@/api/errorText';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Field, TextAreaField } from '@/ui/Field';
import { Card, LoadError, Loading, Outcome } from '@/ui/States';

const FIELDS = ['projectId', 'apiKey', 'appId', 'messagingSenderId'] as const;

function current(config: FcmConfigView): string {
  return config.configured
    ? t('fcm_configured', {
        projectId: config.projectId ?? '',
        sender: config.messagingSenderId ?? '',
        email: config.clientEmail ?? '',
        savedAt: config.updatedAt ?? '',
      })
    : t('fcm_not_configured');
}

/** The form, filled with what is saved (never the key file, which is sent once and never shown). */
function FcmForm({ config }: { config: FcmConfigView }) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (input: EndpointInput<'staffSaveFcmConfig'>) => staffCall('staffSaveFcmConfig', input),
    onSuccess: (saved) => client.setQueryData(staffKeys.fcm(), saved),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    save.mutate(
      {
        projectId: text('projectId'),
        apiKey: text('apiKey'),
        appId: text('appId'),
        messagingSenderId: text('messagingSenderId'),
        serviceAccount: text('serviceAccount'),
      },
      {
        onSuccess: () => {
          const key = form.elements.namedItem('serviceAccount');
          if (key instanceof HTMLTextAreaElement) key.value = '';
        },
      },
    );
  }

  const labels = {
    projectId: t('fcm_project_id'),
    apiKey: t('fcm_api_key'),
    appId: t('fcm_app_id'),
    messagingSenderId: t('fcm_sender_id'),
  };
  return (
    <form className="auth-form" onSubmit={submit} aria-busy={save.isPending}>
      <p role="status">{current(config)}</p>
      {FIELDS.map((name) => (
        <Field
          key={name}
          label={labels[name]}
          name={name}
          maxLength={200}
          required
          defaultValue={config[name] ?? ''}
        />
      ))}
      <TextAreaField
        label={t('fcm_service_account')}
        name="serviceAccount"
        rows={4}
        maxLength={8192}
        required
        autoComplete="off"
        spellCheck={false}
      />
      <button type="submit" className="button button-accent" disabled={save.isPending}>
        {t('fcm_save')}
      </button>
      {save.isPending && <Outcome text={t('fcm_saving')} />}
      {save.isSuccess && <Outcome text={t('fcm_saved')} />}
      {save.isError && <Outcome text={errorText(save.error)} failed />}
    </form>
  );
}

/** Firebase Cloud Messaging: optional; Web Push works without it. */
export function FcmConfig() {
  const config = useQuery({ queryKey: staffKeys.fcm(), queryFn: () => staffCall('staffFcmConfig', {}) });
  return (
    <Card id="push-fcm" title={t('fcm_title')}>
      <p className="note">{t('fcm_note')}</p>
      {config.isPending && <Loading />}
      {config.isError && <LoadError error={config.error} retry={() => void config.refetch()} />}
      {config.isSuccess && <FcmForm config={config.data} />}
    </Card>
  );
}
