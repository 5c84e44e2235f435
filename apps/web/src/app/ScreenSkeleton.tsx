/** Shown while a screen's chunk loads: the same blocks index.html paints, so nothing jumps. */
export function ScreenSkeleton() {
  return (
    <div aria-busy="true">
      <div className="shell-skeleton" />
      <div className="shell-skeleton" />
    </div>
  );
}
