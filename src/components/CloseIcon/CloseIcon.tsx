/** The cross of a close button (decorative: the button carries its name); `small` in a toast. */
export function CloseIcon({ small = false }: { small?: boolean }) {
  return small ? (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" />
    </svg>
  ) : (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d="m6 6 12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.5" />
    </svg>
  );
}
