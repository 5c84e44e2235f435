import { ErrorCode } from '@wps/contract/errorCodes';
import { AppForm, FormMessageLine, useFieldMessages } from '@/ui/form';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_MESSAGE_MAX_LENGTH,
  FEEDBACK_MESSAGE_MIN_LENGTH,
  type FeedbackReceipt,
} from '@wps/contract/feedback';
import { useId, useRef, useState, type FormEvent } from 'react';
import { WpsError } from '@/api/client';
import { sendFeedback } from '@/api/endpoints/accounts';
import { handleError } from '@/features/apiErrors';
import type { FormMessage } from '@/ui/form';
import type { MessageKey } from '@/i18n';
import { useT } from '@/i18n/I18nProvider';
import {
  SCREENSHOT_MAX_TEXT,
  categoryMessage,
  feedbackFieldsOf,
  feedbackTextMessage,
  type FeedbackField,
  screenshotMessage,
  screenshotPayload,
} from './feedbackRules';
import '@/ui/form/form.css';
import './feedback.css';

const CATEGORY_LABEL: Record<(typeof FEEDBACK_CATEGORIES)[number], MessageKey> = {
  suggestion: 'feedback_category_suggestion',
  problem: 'feedback_category_problem',
  account: 'feedback_category_account',
  games: 'feedback_category_games',
  other: 'feedback_category_other',
};

/** `/m/feedback` (members only; home without a session): category, text, optional screenshot. */
export function FeedbackScreen() {
  const { t } = useT();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [category, setCategory] = useState('');
  const [message, setMessage] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [formMessage, setFormMessage] = useState<FormMessage | null>(null);
  const [receipt, setReceipt] = useState<FeedbackReceipt | null>(null);
  const messages = useFieldMessages<FeedbackField>(
    {
      category: categoryMessage(category),
      message: feedbackTextMessage(message),
      screenshot: screenshotMessage(file),
    },
    { category, message, screenshot: file?.name ?? '' },
  );

  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormMessage(null);
    if (!messages.submit() || busy) return;
    setBusy(true);
    try {
      const screenshot = file ? await screenshotPayload(file) : undefined;
      const answer = await sendFeedback({
        category: category as (typeof FEEDBACK_CATEGORIES)[number],
        message: message.trim(),
        ...(screenshot ? { screenshot } : {}),
      });
      setReceipt(answer);
    } catch (caught) {
      const error = caught instanceof WpsError ? caught : null;
      if (error?.errorCode === ErrorCode.INVALID_REQUEST) {
        const fields = feedbackFieldsOf(error.detail ?? error.serverMessage);
        const placed = messages.showServer({
          ...(fields.includes('category') ? { category: { key: 'auth_required' } } : {}),
          ...(fields.includes('message')
            ? { message: feedbackTextMessage(message) ?? { key: 'auth_request_invalid' } }
            : {}),
          ...(fields.includes('screenshot') ? { screenshot: { key: 'feedback_screenshot_type' } } : {}),
        });
        if (!placed || fields.length === 0) setFormMessage({ key: 'auth_request_invalid' });
      } else if (error?.errorCode === ErrorCode.PAYLOAD_TOO_LARGE) {
        // The server holds the screenshot to the limit the form names: say that limit at the field.
        const size = { key: 'feedback_screenshot_size', params: { size: SCREENSHOT_MAX_TEXT } } as const;
        if (!messages.showServer({ screenshot: size })) setFormMessage(size);
      } else if (error?.errorCode.startsWith(ErrorCode.TOO_MANY_REQUEST)) {
        setFormMessage({ key: 'feedback_too_many' });
      } else if (error) {
        // Not about what was typed (a lost session, no answer): what the error catalogue shows.
        handleError(error);
      } else {
        setFormMessage({ key: 'unknown_error' });
      }
    } finally {
      setBusy(false);
    }
  };

  const again = () => {
    setReceipt(null);
    setCategory('');
    setMessage('');
    setFile(null);
    messages.reset();
  };

  if (receipt) {
    return (
      <section aria-labelledby="screen-title">
        <h1 id="screen-title" className="screen-title">
          {t('page_feedback')}
        </h1>
        <div className="auth-form feedback-sent" role="status">
          <h2 className="feedback-sent-title">{t('feedback_sent_title')}</h2>
          <p>{t('feedback_sent', { id: receipt.id })}</p>
          <button type="button" className="button button-ghost" onClick={again}>
            {t('feedback_send_another')}
          </button>
        </div>
      </section>
    );
  }

  const field = (name: FeedbackField) => {
    const error = messages.message(name);
    return {
      error,
      errorId: `${id}-${name}-error`,
      describedBy: [error ? `${id}-${name}-error` : null, `${id}-${name}-hint`].filter(Boolean).join(' '),
    };
  };
  const categoryField = field('category');
  const messageField = field('message');
  const screenshotField = field('screenshot');

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {t('page_feedback')}
      </h1>
      <p className="auth-hint">{t('feedback_intro')}</p>
      <AppForm onSubmit={submit} busy={busy}>
        <div className="auth-field">
          <label htmlFor={`${id}-category`}>{t('feedback_category')}</label>
          <select
            id={`${id}-category`}
            name="category"
            value={category}
            aria-invalid={categoryField.error ? true : undefined}
            aria-describedby={categoryField.error ? categoryField.errorId : undefined}
            onChange={(event) => {
              setCategory(event.currentTarget.value);
              messages.leave('category');
            }}
          >
            <option value="">{t('feedback_category_choose')}</option>
            {FEEDBACK_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {t(CATEGORY_LABEL[value])}
              </option>
            ))}
          </select>
          {categoryField.error && (
            <p id={categoryField.errorId} className="auth-error" role="alert">
              {categoryField.error}
            </p>
          )}
        </div>
        <div className="auth-field">
          <label htmlFor={`${id}-message`}>{t('feedback_message')}</label>
          <textarea
            id={`${id}-message`}
            name="message"
            rows={6}
            maxLength={FEEDBACK_MESSAGE_MAX_LENGTH + 200}
            value={message}
            aria-invalid={messageField.error ? true : undefined}
            aria-describedby={messageField.describedBy}
            onChange={(event) => setMessage(event.currentTarget.value)}
            onBlur={() => messages.leave('message')}
          />
          {messageField.error && (
            <p id={messageField.errorId} className="auth-error" role="alert">
              {messageField.error}
            </p>
          )}
          <p id={`${id}-message-hint`} className="auth-hint">
            {t('feedback_message_hint', {
              min: FEEDBACK_MESSAGE_MIN_LENGTH,
              max: FEEDBACK_MESSAGE_MAX_LENGTH,
            })}
          </p>
        </div>
        <div className="auth-field">
          <label htmlFor={`${id}-screenshot`}>{t('feedback_screenshot')}</label>
          <input
            ref={fileInput}
            id={`${id}-screenshot`}
            name="screenshot"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-invalid={screenshotField.error ? true : undefined}
            aria-describedby={screenshotField.describedBy}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              messages.leave('screenshot');
            }}
          />
          {screenshotField.error && (
            <p id={screenshotField.errorId} className="auth-error" role="alert">
              {screenshotField.error}
            </p>
          )}
          <p id={`${id}-screenshot-hint`} className="auth-hint">
            {t('feedback_screenshot_hint', { size: SCREENSHOT_MAX_TEXT })}
          </p>
          {file && (
            <button type="button" className="button button-ghost feedback-remove" onClick={clearFile}>
              {t('feedback_screenshot_remove')}
            </button>
          )}
        </div>
        <FormMessageLine message={formMessage} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('feedback_send')}
        </button>
      </AppForm>
    </section>
  );
}
