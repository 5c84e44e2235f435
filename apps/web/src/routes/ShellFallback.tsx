/** Shown while the first screen's chunk loads: the same frame index.html paints, so nothing jumps. */
export function ShellFallback() {
  return (
    <>
      <header className="shell-header" />
      <main className="shell-main" aria-busy="true">
        <div className="shell-skeleton" />
        <div className="shell-skeleton" />
      </main>
    </>
  );
}
