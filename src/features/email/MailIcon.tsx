/** An envelope above the email pages' headings. Decorative. */
export function MailIcon() {
  return (
    <span className="email-page__icon" aria-hidden="true">
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: decorative; the wrapping span is aria-hidden */}
      <svg
        width="40"
        height="40"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="m3 7 9 6 9-6" />
      </svg>
    </span>
  );
}
