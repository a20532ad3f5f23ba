/** Loading screen of product-spec §2: a spinner and a message (plain CSS, so it costs no UI library). */
export function LoadingScreen({ message = 'Loading...' }: { message?: string }) {
  return (
    <div className="screen-center" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p className="screen-center__message">{message}</p>
    </div>
  );
}
