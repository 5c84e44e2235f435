import type { EndpointInput } from '@wps/contract/endpoints';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/errorText';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Field, SelectField, TextAreaField } from '@/ui/Field';
import { Card, Outcome } from '@/ui/States';

const TARGETS = ['everyone', 'customerId', 'topic', 'segment'] as const;
type Target = (typeof TARGETS)[number];
const SEGMENT_FIELDS = ['vipLabel', 'language', 'registeredFrom', 'registeredTo'] as const;
type PushInput = EndpointInput<'staffPushSend'>;

/** The form's fields as the call's input: exactly one target, empty fields left out. */
export function pushInput(form: FormData): PushInput {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const optional = (name: string) => (text(name) === '' ? {} : { [name]: text(name) });
  const base = { title: text('title'), ...optional('body'), ...optional('path') };
  const target = text('target') as Target;
  if (target === 'customerId') return { ...base, customerId: Number(text('customerId')) };
  if (target === 'topic') return { ...base, topic: text('topic') };
  if (target === 'segment') {
    return { ...base, segment: Object.assign({}, ...SEGMENT_FIELDS.map(optional)) as PushInput['segment'] };
  }
  return { ...base, everyone: true };
}

/** A push to a member, a topic, a segment or everyone of the merchant. */
export function SendPush() {
  const [target, setTarget] = useState<Target>('everyone');
  const [titleMissing, setTitleMissing] = useState(false);
  const send = useMutation({ mutationFn: (input: PushInput) => staffCall('staffPushSend', input) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = pushInput(new FormData(event.currentTarget));
    setTitleMissing(input.title === '');
    if (input.title !== '') send.mutate(input);
  }

  return (
    <Card id="push-send" title={t('push_send_title')}>
      <form className="auth-form" onSubmit={submit} noValidate aria-busy={send.isPending}>
        <SelectField
          label={t('push_target')}
          name="target"
          value={target}
          onChange={(event) => setTarget(event.target.value as Target)}
        >
          {TARGETS.map((value) => (
            <option key={value} value={value}>
              {t(`push_target_${value}`)}
            </option>
          ))}
        </SelectField>
        {target === 'customerId' && (
          <Field label={t('push_member_id')} name="customerId" inputMode="numeric" pattern="[0-9]{1,10}" />
        )}
        {target === 'topic' && <Field label={t('push_topic')} name="topic" maxLength={64} />}
        {target === 'segment' && (
          <fieldset className="fieldset">
            <legend>{t('push_segment_legend')}</legend>
            <Field label={t('push_vip_label')} name="vipLabel" maxLength={64} />
            <Field label={t('push_language')} name="language" maxLength={10} placeholder="en, vi, th…" />
            <Field label={t('push_registered_from')} name="registeredFrom" type="date" />
            <Field label={t('push_registered_to')} name="registeredTo" type="date" />
          </fieldset>
        )}
        <Field
          label={t('push_title')}
          name="title"
          maxLength={120}
          required
          error={titleMissing ? t('invalid_title') : null}
        />
        <TextAreaField label={t('push_body')} name="body" maxLength={400} rows={3} />
        <Field label={t('push_path')} name="path" maxLength={512} placeholder="/m/home" />
        <button type="submit" className="button button-accent" disabled={send.isPending}>
          {t('push_send')}
        </button>
        {send.isPending && <Outcome text={t('push_sending')} />}
        {send.isSuccess && (
          <Outcome
            text={t('push_outcome', {
              sent: send.data.sent,
              removed: send.data.removed,
              failed: send.data.failed,
            })}
          />
        )}
        {send.isError && <Outcome text={errorText(send.error)} failed />}
      </form>
    </Card>
  );
}
