import { useCallback, useState } from 'react';
import { useT } from '@/i18n/I18nProvider';
import type { FormMessage } from '@/ui/form/formRules';

export interface FieldMessages<F extends string> {
  /** The translated message under `field`, or null. */
  message(field: F): string | null;
  /** The member left the field: its rule messages show from now on (a required one only on submit). */
  leave(field: F): void;
  /** On submit: every field's message shows; true when no field has one and the form may be sent. */
  submit(): boolean;
  /**
   * The server's messages, each shown until its field changes; false when one is about a field this
   * form does not have (the form then says so as a whole).
   */
  showServer(fields: Readonly<Partial<Record<string, FormMessage>>>): boolean;
  /** Back to a fresh form (another tab of the form). */
  reset(): void;
}

type ServerMessages<F extends string> = Partial<Record<F, { message: FormMessage; value: string }>>;

/**
 * The messages under a form's fields. `checks` is what the form's rules say about the current values
 * (computed on each render), so a message follows the typing: "This field is required" goes as soon
 * as the field is filled. A field's message shows once the form was submitted, or once the member
 * left the field with something in it; the server's messages show until their field is edited.
 */
export function useFieldMessages<F extends string>(
  checks: Readonly<Record<F, FormMessage | null>>,
  values: Readonly<Record<F, string>>,
): FieldMessages<F> {
  const { t } = useT();
  const [submitted, setSubmitted] = useState(false);
  const [left, setLeft] = useState<readonly F[]>([]);
  const [server, setServer] = useState<ServerMessages<F>>({});

  const messageOf = (field: F): FormMessage | null => {
    const fromServer = server[field];
    if (fromServer && fromServer.value === values[field]) return fromServer.message;
    const shown = submitted || (left.includes(field) && values[field] !== '');
    return shown ? checks[field] : null;
  };

  const leave = useCallback((field: F) => {
    setLeft((fields) => (fields.includes(field) ? fields : [...fields, field]));
  }, []);

  const reset = useCallback(() => {
    setSubmitted(false);
    setLeft([]);
    setServer({});
  }, []);

  return {
    message: (field) => {
      const found = messageOf(field);
      return found ? t(found.key, found.params) : null;
    },
    leave,
    submit: () => {
      setSubmitted(true);
      setServer({});
      return (Object.keys(checks) as F[]).every((field) => checks[field] === null);
    },
    showServer: (fields) => {
      const next: ServerMessages<F> = {};
      let placed = true;
      for (const [field, message] of Object.entries(fields)) {
        if (!message) continue;
        if (Object.hasOwn(checks, field)) next[field as F] = { message, value: values[field as F] };
        else placed = false;
      }
      setServer(next);
      return placed;
    },
    reset,
  };
}
