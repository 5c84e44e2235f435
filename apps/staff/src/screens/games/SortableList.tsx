import { useState, type ReactNode } from 'react';
import { t } from '@/i18n/t';

export interface SortableItem {
  key: string;
  /** What the buttons and the announcement name it by. */
  label: string;
}

/** `list` with the entry at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  if (entry === undefined || to < 0 || to > list.length - 1) return [...list];
  next.splice(to, 0, entry);
  return next;
}

/**
 * An ordered list a staff member rearranges with Move up / Move down (buttons, so the keyboard and
 * screen readers can), or by dragging a row with a mouse. Each move asks `onReorder` with the whole
 * new order; the server validates and answers what it stored.
 */
export function SortableList<Item extends SortableItem>({
  label,
  items,
  readOnly,
  busy,
  onReorder,
  render,
}: {
  label: string;
  items: readonly Item[];
  /** No write permission: the order is shown, not offered for change. */
  readOnly: boolean;
  /** A save is on its way. */
  busy: boolean;
  onReorder: (order: Item[]) => void;
  render: (item: Item, index: number) => ReactNode;
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= items.length) return;
    onReorder(moved(items, from, to));
  };
  return (
    <ol className="sortable" aria-label={label}>
      {items.map((item, index) => (
        <li
          key={item.key}
          draggable={!readOnly && !busy}
          className={dragged === index ? 'dragging' : undefined}
          onDragStart={() => setDragged(index)}
          onDragEnd={() => setDragged(null)}
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            if (dragged !== null) move(dragged, index);
            setDragged(null);
          }}
        >
          <span className="sortable-place" aria-hidden="true">
            {index + 1}
          </span>
          <span className="sortable-body">{render(item, index)}</span>
          {readOnly ? null : (
            <span className="sortable-moves">
              <button
                type="button"
                className="button button-ghost"
                disabled={busy || index === 0}
                aria-label={t('games_move_up', { name: item.label })}
                onClick={() => move(index, index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button-ghost"
                disabled={busy || index === items.length - 1}
                aria-label={t('games_move_down', { name: item.label })}
                onClick={() => move(index, index + 1)}
              >
                ↓
              </button>
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
