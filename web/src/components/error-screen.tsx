/** Error screen of product-spec §2: the expired-session variant and the unexpected-error variant. */
export type ErrorScreenVariant = 'session-expired' | 'unexpected';

const TEXT: Record<ErrorScreenVariant, { message: string; action: string }> = {
  'session-expired': { message: 'Your session has expired. Please log in again.', action: 'Go to Login' },
  unexpected: { message: 'An unexpected error occurred. Please try again.', action: 'Try Again' },
};

export function ErrorScreen({ variant, onAction }: { variant: ErrorScreenVariant; onAction: () => void }) {
  const text = TEXT[variant];
  return (
    <main className="screen-center">
      <div className={`error-screen__icon error-screen__icon--${variant}`} aria-hidden="true">
        !
      </div>
      <h1 className="error-screen__title">Something went wrong</h1>
      <p className="screen-center__message">{text.message}</p>
      <button type="button" className="tl-button tl-button--primary tl-button--large" onClick={onAction}>
        {text.action}
      </button>
    </main>
  );
}
