import { Outlet } from '@tanstack/react-router';

/** The frame every page sits in: header, main content, footer (SPEC §2 "Shell"). */
export function Shell() {
  return <Outlet />;
}
