import type { ReactNode } from 'react';

/**
 * The big line drawing above a message page's heading (MessagePage's `icon`): a 24-unit stroked
 * SVG shown at 40 px. Decorative.
 */
export function PageIcon({
  className,
  strokeWidth = 2,
  children,
}: {
  className: string;
  strokeWidth?: number;
  /** The drawing: paths and shapes in the 24 × 24 box. */
  children: ReactNode;
}) {
  return (
    <span className={className} aria-hidden="true">
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: decorative; the wrapping span is aria-hidden */}
      <svg
        width="40"
        height="40"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        {children}
      </svg>
    </span>
  );
}
