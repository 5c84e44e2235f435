import type { TrustAuditEntry } from '@wps/contract/trust';

// The database keeps JSON keys in its own order (jsonb: shortest first); a reader wants the outcome
// first and a reason last.
const ORDER = [
  'outcome',
  'kind',
  'type',
  'amount',
  'duration',
  'minutes',
  'since',
  'until',
  'parked',
  'at',
  'reason',
];
const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);

/** The audit's JSON as one line of text: "type: deposit_day · amount: 500"; nested objects in brackets. */
export function auditSummary(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.map(auditSummary).join(', ');
  const record = value as Record<string, unknown>;
  return Object.keys(record)
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => {
      const inner = record[key];
      return `${key}: ${inner !== null && typeof inner === 'object' ? `(${auditSummary(inner)})` : auditSummary(inner)}`;
    })
    .join(' · ');
}

/** A refusal the service recorded (`effect.outcome === 'refused'`): shown as one. */
export function isRefused(entry: Pick<TrustAuditEntry, 'effect'>): boolean {
  const effect = entry.effect;
  return (
    effect !== null && typeof effect === 'object' && (effect as { outcome?: unknown }).outcome === 'refused'
  );
}
