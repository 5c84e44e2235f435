import type { ChatAvailability } from '@wps/contract/schemas/chat';
import type { SupportHours } from '@wps/contract/chat';

/** The next opening is looked for in steps of this many minutes, up to a week and a day ahead. */
const STEP_MINUTES = 5;
const HORIZON_MINUTES = 8 * 24 * 60;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function minutesOf(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match === null ? null : Number(match[1]) * 60 + Number(match[2]);
}

/** Weekday (0 Sunday) and minute of the day at `timeMs` in `timeZone`. */
function localTime(format: Intl.DateTimeFormat, timeMs: number): { day: number; minute: number } {
  const parts = format.formatToParts(new Date(timeMs));
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? '';
  const hour = Number(part('hour')) % 24;
  return { day: WEEKDAYS.indexOf(part('weekday')), minute: hour * 60 + Number(part('minute')) };
}

/** Whether support is staffed at `timeMs`; outside the hours, when it next is. Bad hours: always open. */
export function availabilityAt(hours: SupportHours | null | undefined, timeMs: number): ChatAvailability {
  const always: ChatAvailability = { open: true, nextOpenAt: null };
  if (hours === null || hours === undefined || hours.days.length === 0) return always;
  const open = minutesOf(hours.open);
  const close = minutesOf(hours.close);
  if (open === null || close === null) return always;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: hours.timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    return always;
  }
  const staffed = (at: number) => {
    const { day, minute } = localTime(format, at);
    // Hours past midnight (close before open) belong to the day they start on.
    if (open <= close) return hours.days.includes(day) && minute >= open && minute < close;
    return (
      (hours.days.includes(day) && minute >= open) || (hours.days.includes((day + 6) % 7) && minute < close)
    );
  };
  if (staffed(timeMs)) return always;
  const start = Math.ceil(timeMs / 60_000 / STEP_MINUTES) * STEP_MINUTES * 60_000;
  for (let minutes = 0; minutes <= HORIZON_MINUTES; minutes += STEP_MINUTES) {
    const at = start + minutes * 60_000;
    if (staffed(at)) return { open: false, nextOpenAt: new Date(at).toISOString() };
  }
  return { open: false, nextOpenAt: null };
}
